import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@airgrid/schema';

// How a delivery is signed (decision 0032, Stripe's scheme): HMAC-SHA256 with the webhook's
// secret over `${timestamp}.${body}`, sent as `Airgrid-Signature: t=<unix seconds>,v1=<hex>`.
// The receiver recomputes it over the raw body, compares in constant time and refuses a
// timestamp more than five minutes from its own clock (a replayed delivery).

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The hex HMAC-SHA256 of `${timestamp}.${body}` under the secret (the whole `whsec_…` string). */
function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The `Airgrid-Signature` header for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/** How far a signature's timestamp may be from the receiver's clock. */
const SIGNATURE_TOLERANCE_SEC = 5 * 60;

/**
 * What a receiver does (the README's snippet is this function): true when the header holds a
 * `v1` signature of the body under the secret and its timestamp is within the tolerance.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSec: number,
  toleranceSec = SIGNATURE_TOLERANCE_SEC,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowSec - timestamp) > toleranceSec) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(expected, Buffer.from(value, 'hex'));
  });
}

/** Attempts a delivery gets before it fails for good. */
export const MAX_DELIVERY_ATTEMPTS = 12;
/** The wait after the first failed attempt; each later one doubles. */
const FIRST_RETRY_MS = 60_000;
/** The longest wait between two attempts. */
const LONGEST_RETRY_MS = 8 * 3600_000;

/**
 * The wait before the next attempt after `failedAttempts` failures (1 after the first), or
 * null when the delivery has had its last attempt: 1 min, 2, 4, 8, 16, 32, 64, 128, 256, then
 * 8 h twice; the 12th attempt comes about 24.5 hours after the first.
 */
export function retryDelayMs(failedAttempts: number): number | null {
  if (failedAttempts >= MAX_DELIVERY_ATTEMPTS) return null;
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
}

/** How long a webhook's deliveries may fail without a success before it is turned off. */
export const DISABLE_AFTER_FAILING_MS = 24 * 3600_000;
