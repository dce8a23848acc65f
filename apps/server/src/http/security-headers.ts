import type { FastifyInstance } from 'fastify';

/**
 * The content security policy: the app keeps to its own origin for scripts while letting
 * channels play streams and show images hosted elsewhere.
 */
const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Mantine sets style attributes at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'blob:', 'https:'],
  // HLS players fetch playlists and segments from the channel's stream host.
  'connect-src': ["'self'", 'https:'],
  'font-src': ["'self'", 'data:'],
  'frame-src': ["'self'", 'https:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * The security headers every response carries, written once at start-up. The contract
 * (API-CONTRACT §1.6) fixes X-Content-Type-Options and X-Frame-Options as PocketBase sends them;
 * the rest are helmet 8's defaults, which this app used to set through @fastify/helmet. That
 * plugin rebuilt helmet's whole middleware, CSP text included, on every request: a tenth of a
 * cached public read's CPU (docs/decisions/0018-public-read-cache.md). No CORP restriction: API
 * clients on other origins (station scripts) read responses, CORS decides; no COEP, which would
 * block the channels' images and streams.
 */
const SECURITY_HEADERS: readonly (readonly [name: string, value: string])[] = [
  [
    'Content-Security-Policy',
    Object.entries(CONTENT_SECURITY_POLICY)
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join(';'),
  ],
  // Isolated from any page that opens ours; the sign-in window ours opens (an OAuth2 provider's
  // page, then /api/oauth2-redirect) stays ours to watch and close.
  ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
];

/**
 * Sets {@link SECURITY_HEADERS} on the raw response before any route runs, so routes that
 * write the raw response themselves (realtime streams) carry them too, and a route may adjust
 * them (the embed page replaces the framing policy). X-XSS-Protection, which the contract also
 * fixes, is added as the reply is sent, as before.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of SECURITY_HEADERS) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-XSS-Protection', '1; mode=block');
    done(null, payload);
  });
}
