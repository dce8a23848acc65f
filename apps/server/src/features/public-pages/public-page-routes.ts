import type { AddressInfo } from 'node:net';
import { matchesAppPath, SERVER_RENDERED_PATHS } from '@airgrid/schema';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { type CurrentSlugOf, redirectFormerSlug } from '../../public-reads/former-slugs.js';
import type { PublicRead, PublicReadCache } from '../../public-reads/public-read-cache.js';
import { sendPublicRead } from '../../public-reads/public-read-reply.js';
import { type AppShell, PageRenderer } from './page-renderer.js';

/**
 * How long a visitor waits for a render. A render reads the station's data through the API
 * and usually takes tens of milliseconds; past this the visitor gets the page the browser
 * renders, and the render finishes into the cache for the next one.
 */
const RENDER_WAIT_MS = 2_000;

/**
 * The query parameters these pages read, and the values they act on: the guide's day and the
 * legacy `?organization=` link. Others change nothing on the page, so they are not part of what
 * is rendered or kept: a stream of made-up query strings finds one cached page, not a render
 * each.
 */
const PAGE_PARAMETERS: Readonly<Record<string, RegExp>> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  organization: /^[A-Za-z0-9_-]{1,64}$/,
};

const MINUTE_MS = 60_000;

const NOT_BUILT_PAGE =
  '<!doctype html><html lang="en"><title>Airgrid TV</title><main><h1>Airgrid TV</h1>' +
  '<p>The web app is not built yet. Run <code>npm run build</code> and restart the server.</p></main></html>';

/**
 * GET of the landing page, the guide and the watch pages: the page rendered on the server
 * (its markup and the data it was rendered from inside index.html), so a phone paints it before
 * the app's scripts arrive (docs/decisions/0023-server-rendered-public-pages.md).
 *
 * A rendered page is a public read: kept until its station changes (the same change marks as
 * the guide and the feeds) or the minute ends (what is on now moves with the clock), and
 * revalidated by its ETag. Renders cost CPU, so this node runs one at a time: a request that
 * finds another page rendering, or a render slower than RENDER_WAIT_MS, gets index.html and
 * the browser renders the page as it did before. Always the signed-out view: the sign-in lives
 * in the browser's storage, and a signed-in browser renders its own view over it.
 */
export function publicPageRoutes({
  webDist,
  publicReads,
  clock,
  currentSlugOf,
}: {
  webDist: string;
  publicReads: PublicReadCache;
  clock: Clock;
  /** An organization's current slug by a former one: /o/{old}/... redirects (301). */
  currentSlugOf: CurrentSlugOf;
}) {
  return async (app: FastifyInstance) => {
    const renderer = new PageRenderer(
      webDist,
      () => ownOrigin(app),
      (message) => app.log.warn(message),
    );
    let rendering: string | null = null;
    app.addHook('onListen', () => {
      void renderer.warm();
    });

    const pageKey = (request: FastifyRequest, shell: AppShell) => {
      const minute = Math.floor(clock.now() / MINUTE_MS);
      const phone = isPhone(request);
      const url = pageUrl(request.url);
      return {
        url,
        minute,
        phone,
        key: `page\0${shell.builtAt}\0${minute}\0${phone ? 'phone' : 'wide'}\0${url}`,
      };
    };

    const renderedPage = async (
      request: FastifyRequest,
      shell: AppShell,
    ): Promise<PublicRead | null> => {
      const { url, minute, phone, key } = pageKey(request, shell);
      const cached = publicReads.current(key);
      if (cached) return cached;
      if (rendering !== null && rendering !== key) return null;
      rendering = key;
      const read = publicReads
        .read(key, async () => {
          const page = await renderer.render(url, { phone }, shell);
          if (!page) throw new NotRendered();
          return {
            organization: page.organization ?? '',
            contentType: 'text/html; charset=utf-8',
            // Revalidated on every load (a 304 while the page is unchanged): a new build or an
            // edit shows at once.
            cacheControl: 'no-cache',
            // A phone gets the phone's layout (the guide's list instead of its grid).
            vary: 'User-Agent, Sec-CH-UA-Mobile',
            text: page.html,
            lastModified: null,
            expiresAt: (minute + 1) * MINUTE_MS,
          };
        })
        .finally(() => {
          if (rendering === key) rendering = null;
        });
      return waitFor(read, RENDER_WAIT_MS, app.log);
    };

    const sendPage = (pattern: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      // A parameter of a shape no channel or station has (`/watch/<b>`) is no page: the
      // not-found handler answers it as any unknown path, with index.html and a 404.
      if (!matchesAppPath(pattern, new URL(request.url, 'http://localhost').pathname)) {
        return reply.callNotFound();
      }
      const shell = await renderer.shell();
      // A station's former slug redirects to its current one. Asked only when no page is kept
      // for this address: a kept page is a current slug's (a slug change marks it stale).
      const { org } = request.params as { org?: string };
      if (org !== undefined && !(shell && publicReads.current(pageKey(request, shell).key))) {
        const moved = await redirectFormerSlug(reply, currentSlugOf, org, 2);
        if (moved) return moved;
      }
      if (!shell) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      const page = await renderedPage(request, shell);
      // A station's page for a slug no public station has: the app's "Station not found", and
      // a 404, so a search engine or a link checker hears it too.
      const unknownStation = org !== undefined && page !== null && !page.organization;
      if (page) return sendPublicRead(request, reply, page, unknownStation ? 404 : 200);
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(shell.html);
    };

    // The pages viewers land on (docs/decisions/0023-server-rendered-public-pages.md).
    for (const route of SERVER_RENDERED_PATHS) app.get(route, sendPage(route));
  };
}

/** The page's address as far as the page reads it: its path and the parameters it uses. */
function pageUrl(requestUrl: string): URL {
  const requested = new URL(requestUrl, 'http://localhost');
  const url = new URL(requested.pathname, requested);
  for (const [name, valid] of Object.entries(PAGE_PARAMETERS)) {
    const value = requested.searchParams.get(name);
    if (value !== null && valid.test(value)) url.searchParams.set(name, value);
  }
  return url;
}

/** A path the web app renders in the browser only, or no server entry: index.html instead. */
class NotRendered extends Error {}

/** The read, or null when it fails or takes longer than `ms` (it still lands in the cache). */
async function waitFor(
  read: Promise<PublicRead>,
  ms: number,
  log: FastifyBaseLogger,
): Promise<PublicRead | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  const settled = read.catch((error: unknown) => {
    if (!(error instanceof NotRendered))
      log.error({ err: error }, 'a public page failed to render');
    return null;
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the request comes from a phone: the client hint when the browser sends it, else the
 * "Mobi" token phone browsers put in their User-Agent (tablets leave it out and get the wide
 * layout, as their screens do).
 */
function isPhone(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint === '?1';
  return /Mobi/.test(request.headers['user-agent'] ?? '');
}

/** This server's own address, for the renders' API reads; null on a Unix socket. */
function ownOrigin(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (address === null || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '::1'
        : address.address;
  return address.family === 'IPv6' || host.includes(':')
    ? `http://[${host}]:${address.port}`
    : `http://${host}:${address.port}`;
}
