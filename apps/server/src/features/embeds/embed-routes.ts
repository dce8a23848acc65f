import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { RECORD_ID_LENGTH } from '@airgrid/schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicRead, PublicReadCache } from '../../public-reads/public-read-cache.js';
import { sendPublicRead } from '../../public-reads/public-read-reply.js';
import { frameAncestorSources, withFrameAncestors } from './allowed-origins.js';
import type { EmbedRepository } from './embed-repository.js';

/** The widget runtime's page in the web build (apps/web/embed.html, a second Vite input). */
const EMBED_HTML = 'embed.html';

/** The live preview of the /embeds page: a draft in the URL fragment, shown inside the app only. */
const PREVIEW_ID = 'preview';

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

/** Thrown inside a cache build when the id names no live embed: answered with the 404 page. */
class UnknownEmbed extends Error {}

/** The app's own Content-Security-Policy, as the security headers set it on this response. */
function appPolicyOf(reply: FastifyReply): string {
  const policy = reply.raw.getHeader('content-security-policy');
  return typeof policy === 'string' ? policy : '';
}

/**
 * Replaces the app's frame-ancestors (the global security headers set them, with
 * X-Frame-Options, on the raw response before any route runs) with the widget's own.
 */
function allowFraming(reply: FastifyReply, sources: readonly string[]) {
  const appPolicy = appPolicyOf(reply);
  removeAppFraming(reply);
  reply.header('Content-Security-Policy', withFrameAncestors(appPolicy, sources));
}

function removeAppFraming(reply: FastifyReply) {
  reply.raw.removeHeader('x-frame-options');
  reply.raw.removeHeader('content-security-policy');
}

/**
 * GET /embed/:id: a configured widget for another website, without the app around it. Serves
 * the built widget page with `Content-Security-Policy: frame-ancestors` from the embed's allowed
 * origins ('self' plus each one; any website when none are listed) and without X-Frame-Options,
 * which would forbid every other site. An unknown id gets a small 404 page that any site may
 * show, so a stale snippet says what happened instead of a browser error.
 *
 * /embed/preview is the /embeds page's live preview: the same page, framed by the app only.
 *
 * A widget's page (the built HTML and its framing policy) is kept with the public reads until
 * the embed or its organization changes, or the widget is built again: a reload on a station's
 * website reads nothing from the database, and a revalidation ends in 304.
 */
export function embedRoutes(
  embeds: EmbedRepository,
  webDist: string,
  publicReads: PublicReadCache,
) {
  const htmlFile = path.join(webDist, EMBED_HTML);
  /** The widget page of a live embed from the cache; UnknownEmbed when there is none. */
  const cachedWidgetPage = (id: string, builtAt: number, appPolicy: string): Promise<PublicRead> =>
    // The build's time is in the key: a new build of the widget is a new page.
    publicReads.read(`embed\0${id}\0${builtAt}`, async () => {
      const framing = await embeds.findFraming(id);
      if (!framing) throw new UnknownEmbed();
      const sources = frameAncestorSources(framing.allowedOrigins);
      return {
        organization: framing.organization,
        contentType: 'text/html; charset=utf-8',
        // Revalidated on every load: a changed allow-list or a new build applies at once.
        cacheControl: 'no-cache',
        headers: { 'Content-Security-Policy': withFrameAncestors(appPolicy, sources) },
        text: await readFile(htmlFile, 'utf8'),
        lastModified: null,
        expiresAt: null,
      };
    });

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
      const sendNotFound = () => {
        allowFraming(reply, ['*']);
        return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
      };
      if (!RECORD_ID.test(id)) return sendNotFound();
      const builtAt = await stat(htmlFile).then(
        (file) => file.mtimeMs,
        () => null,
      );
      if (builtAt === null) {
        // Not built: the 503 page for a live embed (the 404 one for an unknown id), uncached.
        const framing = await embeds.findFraming(id);
        if (!framing) return sendNotFound();
        allowFraming(reply, frameAncestorSources(framing.allowedOrigins));
        return sendWidgetPage(reply);
      }
      let page: PublicRead;
      try {
        page = await cachedWidgetPage(id, builtAt, appPolicyOf(reply));
      } catch (error) {
        if (error instanceof UnknownEmbed) return sendNotFound();
        throw error;
      }
      removeAppFraming(reply);
      return sendPublicRead(request, reply, page);
    });
  };
}
