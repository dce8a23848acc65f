import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.js';

describe('registerSecurityHeaders', () => {
  it('sends the headers helmet 8 sent with this app’s options, and the contract’s XSS header', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/', async () => ({ ok: true }));
    const response = await app.inject('/');
    expect(response.headers).toMatchObject({
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: blob: https:;media-src 'self' blob: https:;" +
        "connect-src 'self' https:;font-src 'self' data:;frame-src 'self' https:;" +
        "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'self'",
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'cross-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '1; mode=block',
    });
    expect(response.headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('sets them on the raw response before the route runs, so a route may adjust them', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/', async (_request, reply) => {
      reply.raw.removeHeader('x-frame-options');
      return { ok: true };
    });
    const response = await app.inject('/');
    expect(response.headers).not.toHaveProperty('x-frame-options');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
