import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  MAX_DELIVERY_ATTEMPTS,
  retryDelayMs,
  signatureHeader,
  verifySignature,
} from './webhook-signing.js';

const secret = 'whsec_test-secret';
const body = '{"id":"d1","type":"ping"}';

describe('webhook signatures', () => {
  it('are HMAC-SHA256 over "t.body" in Stripe’s header form', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader(secret, 1_700_000_000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verify with the secret, the raw body and a timestamp within five minutes', () => {
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(verifySignature(secret, header, body, 1_700_000_000)).toBe(true);
    expect(verifySignature(secret, header, body, 1_700_000_300)).toBe(true);
    expect(verifySignature(secret, header, body, 1_700_000_301)).toBe(false);
    expect(verifySignature(secret, header, `${body} `, 1_700_000_000)).toBe(false);
    expect(verifySignature('whsec_other', header, body, 1_700_000_000)).toBe(false);
    expect(verifySignature(secret, 't=1700000000,v1=zz', body, 1_700_000_000)).toBe(false);
    expect(verifySignature(secret, 'garbage', body, 1_700_000_000)).toBe(false);
  });

  it('accept any of several v1 signatures (a receiver rolling its secret)', () => {
    const good = signatureHeader(secret, 1_700_000_000, body).split(',')[1];
    const header = `t=1700000000,v1=${'0'.repeat(64)},${good}`;
    expect(verifySignature(secret, header, body, 1_700_000_000)).toBe(true);
  });

  it('use secrets of 32 random bytes after whsec_', () => {
    const one = generateWebhookSecret();
    expect(one).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateWebhookSecret()).not.toBe(one);
  });
});

describe('the retry schedule', () => {
  it('doubles from a minute, caps at 8 hours, and ends after 12 attempts (about a day)', () => {
    const waits = Array.from({ length: MAX_DELIVERY_ATTEMPTS }, (_, i) => retryDelayMs(i + 1));
    expect(waits.map((ms) => (ms === null ? null : ms / 60_000))).toEqual([
      1,
      2,
      4,
      8,
      16,
      32,
      64,
      128,
      256,
      480,
      480,
      null,
    ]);
    const total = waits.reduce<number>((sum, ms) => sum + (ms ?? 0), 0);
    expect(total / 3600_000).toBeCloseTo(24.52, 1);
  });
});
