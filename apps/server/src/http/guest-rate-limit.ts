import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.js';
import { ApiError } from '../errors/api-error.js';

/** Addresses remembered at once; the least recently seen are forgotten first. */
const MAX_ADDRESSES = 50_000;

function isApi(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/');
}

/**
 * Per-address limit on signed-out requests to /api and /api/v1 (GUEST_RATE_LIMIT): a guide
 * widget, a feed poller or a scraper gets `max` requests per window, then 429 with PocketBase's
 * message and Retry-After. Signed-in requests are not counted (their cost is bounded per request
 * and they are accountable); the address is Fastify's request.ip, so TRUST_PROXY decides whether
 * X-Forwarded-For is believed. Counted per process (docs/security.md). Registered after the
 * token is read and before any body is, so a refused guest's upload is never parsed; it applies
 * to the routes registered after it.
 */
export async function registerGuestRateLimit(
  app: FastifyInstance,
  limit: RateLimit | null,
): Promise<void> {
  if (!limit) return;
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    max: limit.max,
    timeWindow: limit.windowMs,
    cache: MAX_ADDRESSES,
    allowList: (request) => request.auth !== null || !isApi(request),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: () => new ApiError(429, 'Too Many Requests.'),
  });
}
