import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every response. The contract (API-CONTRACT §1.6) fixes three of them as
 * PocketBase sends them; the content security policy keeps the app to its own origin for
 * scripts while letting channels play streams and show images hosted elsewhere.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
    crossOriginEmbedderPolicy: false,
    // API clients on other origins (station scripts) read responses: CORS decides, not CORP.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'sameorigin' },
    xXssProtection: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-XSS-Protection', '1; mode=block');
  });
}
