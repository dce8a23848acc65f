import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, encodeBodies } from './content-encoding.js';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ] as const)('answers %j with %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('encodeBodies', () => {
  it('keeps the body in brotli and gzip that decode to the same text', async () => {
    const text = JSON.stringify({ timeslots: Array.from({ length: 200 }, (_, i) => ({ i })) });
    const bodies = await encodeBodies(text);
    expect(bodies.identity.toString('utf8')).toBe(text);
    expect(brotliDecompressSync(bodies.br).toString('utf8')).toBe(text);
    expect(gunzipSync(bodies.gzip).toString('utf8')).toBe(text);
    expect(bodies.br.length).toBeLessThan(bodies.identity.length);
  });
});
