import { apiKeys } from '@airgrid/schema';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.js';
import { ApiError } from '../errors/api-error.js';

/** Addresses and keys remembered at once; the least recently seen are forgotten first. */
const MAX_COUNTERS = 50_000;
/** Counters of API keys are named so; an address never starts so. */
const KEY_COUNTER = 'key:';

function isApi(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/');
}

function isApiKeyRequest(request: FastifyRequest): boolean {
  return request.auth?.collection.name === apiKeys.name;
}

/**
 * Limits on /api and /api/v1 requests, counted per process (docs/security.md), then 429 with
 * PocketBase's message and Retry-After:
 *
 * - signed out, per address (GUEST_RATE_LIMIT): a guide widget, a feed poller or a scraper;
 *   the address is Fastify's request.ip, so TRUST_PROXY decides whether X-Forwarded-For is
 *   believed;
 * - made with an API key, per key (API_KEY_RATE_LIMIT): a station's script in a loop.
 *
 * Members signed in are not counted (their cost is bounded per request and they are
 * accountable). Registered after the token is read and before any body is, so a refused
 * upload is never parsed; it applies to the routes registered after it.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: { guest: RateLimit | null; apiKey: RateLimit | null },
): Promise<void> {
  const { guest, apiKey } = limits;
  if (!guest && !apiKey) return;
  const limitOf = (key: string): RateLimit => {
    const limit = key.startsWith(KEY_COUNTER) ? apiKey : guest;
    // allowList lets through every request whose limit is off: one of the two is set here.
    return limit ?? { max: Number.MAX_SAFE_INTEGER, windowMs: 1000 };
  };
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    max: (_request, key) => limitOf(key).max,
    timeWindow: (_request, key) => limitOf(key).windowMs,
    cache: MAX_COUNTERS,
    keyGenerator: (request) =>
      isApiKeyRequest(request) ? `${KEY_COUNTER}${String(request.auth?.record.id)}` : request.ip,
    allowList: (request) => {
      if (!isApi(request)) return true;
      if (isApiKeyRequest(request)) return apiKey === null;
      return request.auth !== null || guest === null;
    },
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
