import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('server-secret', 'cablecast credentials');

  it('opens what it sealed, and the sealed text does not hold the secret', () => {
    fc.assert(
      fc.property(fc.string(), (plain) => {
        const sealed = box.seal(plain, 'https://a.example.org');
        expect(box.open(sealed, 'https://a.example.org')).toBe(plain);
        if (plain.length > 3) expect(sealed).not.toContain(plain);
      }),
    );
  });

  it('seals the same secret differently each time', () => {
    expect(box.seal('user:password', 'x')).not.toBe(box.seal('user:password', 'x'));
  });

  it('opens a secret only for the context it was sealed for', () => {
    const sealed = box.seal('user:password', 'https://cablecast.example.org');
    expect(box.open(sealed, 'https://cablecast.example.org')).toBe('user:password');
    expect(box.open(sealed, 'https://attacker.example.net')).toBeNull();
    expect(box.open(sealed, '')).toBeNull();
  });

  it('still opens a v1 text, sealed before secrets were bound to a context', () => {
    const key = Buffer.from(
      hkdfSync('sha256', 'server-secret', '', 'airgrid cablecast credentials', 32),
    );
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update('user:password', 'utf8'), cipher.final()]);
    const v1 = ['v1', iv, cipher.getAuthTag(), body].map((part) =>
      typeof part === 'string' ? part : part.toString('base64url'),
    );
    expect(box.open(v1.join('.'), 'anything')).toBe('user:password');
  });

  it('opens nothing sealed under another secret or purpose, or damaged', () => {
    const sealed = box.seal('user:password', 'c');
    expect(new SecretBox('another-secret', 'cablecast credentials').open(sealed, 'c')).toBeNull();
    expect(new SecretBox('server-secret', 'webhooks').open(sealed, 'c')).toBeNull();
    const [version, iv, tag, body = ''] = sealed.split('.');
    // The first character: the last one's low bits may be padding that decodes to nothing.
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([version, iv, tag, flipped].join('.'), 'c')).toBeNull();
    expect(box.open('', 'c')).toBeNull();
    expect(box.open('v3.a.b.c', 'c')).toBeNull();
    expect(box.open('v2.a.b.c', 'c')).toBeNull();
    expect(box.open('v1.!!.??.##', 'c')).toBeNull();
  });
});
