import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('server-secret', 'cablecast credentials');

  it('opens what it sealed, and the sealed text does not hold the secret', () => {
    fc.assert(
      fc.property(fc.string(), (plain) => {
        const sealed = box.seal(plain);
        expect(box.open(sealed)).toBe(plain);
        if (plain.length > 3) expect(sealed).not.toContain(plain);
      }),
    );
  });

  it('seals the same secret differently each time', () => {
    expect(box.seal('user:password')).not.toBe(box.seal('user:password'));
  });

  it('opens nothing sealed under another secret or purpose, or damaged', () => {
    const sealed = box.seal('user:password');
    expect(new SecretBox('another-secret', 'cablecast credentials').open(sealed)).toBeNull();
    expect(new SecretBox('server-secret', 'webhooks').open(sealed)).toBeNull();
    const [version, iv, tag, body = ''] = sealed.split('.');
    // The first character: the last one's low bits may be padding that decodes to nothing.
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([version, iv, tag, flipped].join('.'))).toBeNull();
    expect(box.open('')).toBeNull();
    expect(box.open('v2.a.b.c')).toBeNull();
    expect(box.open('v1.!!.??.##')).toBeNull();
  });
});
