import { existsSync } from 'node:fs';
import path from 'node:path';
import { isAppPath } from '@airgrid/schema';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: content-hashed files under /assets/ are cached for a year, every
 * other file (index.html, the build manifest under /builds/) is revalidated on each request.
 * The build writes brotli and gzip copies beside each text file (`name.js.br`, `name.js.gz`);
 * the one the browser accepts is sent, so no request compresses anything at run time.
 * Returns the fallback for paths with no file: index.html, so the app routes for any path outside
 * /api; with status 404 for a path that is no page of the app (@airgrid/schema's APP_PATHS), so
 * crawlers and link checkers see what the app's own 404 page says.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => unknown> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'the web app is not built: run `npm run build` to serve it');
    return (_request, reply) =>
      reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Airgrid TV</title><h1>Airgrid TV</h1>' +
            '<p>The web app is not built yet. Run <code>npm run build</code> and restart the server.</p>',
        );
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(webDist, filePath);
      reply.header(
        'Cache-Control',
        relative.startsWith(`assets${path.sep}`) ? LONG_CACHE : 'no-cache',
      );
    },
  });
  const sendIndex = (reply: FastifyReply, status: number) =>
    reply.code(status).header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
  // `/` and the other pages viewers land on are routes of their own: the server renders them
  // (features/public-pages/public-page-routes.ts).
  return (request, reply) => {
    // A missing hashed asset or manifest must stay a 404: answering HTML for a script would
    // break the page instead of letting it notice a new build and reload.
    if (/^\/(assets|builds)\//.test(request.url)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const { pathname } = new URL(request.url, 'http://localhost');
    return sendIndex(reply, isAppPath(pathname) ? 200 : 404);
  };
}
