import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RECORD_ID_LENGTH } from '@airgrid/schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { frameAncestorSources, withFrameAncestors } from '../../collections/allowed-origins.js';
import type { EmbedRepository } from './embed-repository.js';

/** The widget runtime's page in the web build (apps/web/embed.html, a second Vite input). */
export const EMBED_HTML = 'embed.html';

/** The live preview of the /embeds page: a draft in the URL fragment, shown inside the app only. */
export const PREVIEW_ID = 'preview';

const RECORD_ID = new RegExp(`^[a-z0-9]{${RECORD_ID_LENGTH}}$`);

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Widget not found · Airgrid TV</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem}h1{font-size:1.25rem;margin:0 0 .5rem}</style>
</head>
<body>
<main>
<h1>Widget not found</h1>
<p>This programme widget no longer exists. The station can copy a new snippet from its Embeds page in Airgrid TV.</p>
</main>
</body>
</html>
`;

const NOT_BUILT_PAGE =
  '<!doctype html><html lang="en"><title>Airgrid TV</title><main><h1>Airgrid TV</h1>' +
  '<p>The widgets are not built yet. Run <code>npm run build</code> and restart the server.</p></main></html>';

/**
 * Replaces the app's frame-ancestors (the global security headers set them, with
 * X-Frame-Options, on the raw response before any route runs) with the widget's own.
 */
function allowFraming(reply: FastifyReply, sources: readonly string[]) {
  const appPolicy = reply.raw.getHeader('content-security-policy');
  reply.raw.removeHeader('x-frame-options');
  reply.raw.removeHeader('content-security-policy');
  reply.header(
    'Content-Security-Policy',
    withFrameAncestors(typeof appPolicy === 'string' ? appPolicy : '', sources),
  );
}

/**
 * GET /embed/:id: a configured widget for another website, without the app around it. Serves
 * the built widget page with `Content-Security-Policy: frame-ancestors` from the embed's allowed
 * origins ('self' plus each one; any website when none are listed) and without X-Frame-Options,
 * which would forbid every other site. An unknown id gets a small 404 page that any site may
 * show, so a stale snippet says what happened instead of a browser error.
 *
 * /embed/preview is the /embeds page's live preview: the same page, framed by the app only.
 */
export function embedRoutes(embeds: EmbedRepository, webDist: string) {
  return async (app: FastifyInstance) => {
    const sendWidgetPage = async (reply: FastifyReply) => {
      let html: Buffer;
      try {
        html = await readFile(path.join(webDist, EMBED_HTML));
      } catch {
        return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      }
      // Revalidated on every load: a changed allow-list or a new build applies at once.
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    };

    app.get<{ Params: { id: string } }>('/embed/:id', async (request, reply) => {
      const { id } = request.params;
      if (id === PREVIEW_ID) {
        allowFraming(reply, ["'self'"]);
        return sendWidgetPage(reply);
      }
      const framing = RECORD_ID.test(id) ? await embeds.findFraming(id) : undefined;
      if (!framing) {
        allowFraming(reply, ['*']);
        return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
      }
      allowFraming(reply, frameAncestorSources(framing.allowedOrigins));
      return sendWidgetPage(reply);
    });
  };
}
