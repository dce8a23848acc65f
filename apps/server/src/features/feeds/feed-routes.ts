import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { GuideRepository } from '../guide/guide-repository.js';
import { type Feed, FeedService } from './feed-service.js';
import { httpDate, isNotModified } from './feed-validators.js';

/** Where the feeds live; the web app links these addresses (channel-feeds.ts). */
export const FEEDS_PATH = '/api/v1/feeds';

/** Players and calendar apps poll; five minutes of caching spares the database most polls. */
const CACHE_CONTROL = 'public, max-age=300';
const CALENDAR_SUFFIX = '.ics';

export interface FeedRoutesOptions {
  guide: GuideRepository;
  /** The public origin (config.appUrl). */
  appUrl: string;
  clock: Clock;
}

type OrganizationParams = { organization: string };
type FileParams = OrganizationParams & { file: string };

/**
 * The public feeds, signed out (PRODUCT.md "Outputs"):
 * - GET {base}/{organization}/xmltv.xml: XMLTV guide of the public channels;
 * - GET {base}/{organization}/channels.m3u: M3U list of the public channels with a stream;
 * - GET {base}/{organization}/{channel}.ics: iCalendar of one public channel.
 * `{organization}` is a slug or id, `{channel}` a slug (or id). `?days=1..14` sets how many days
 * ahead (default 14); yesterday is always included. Answers carry ETag and Last-Modified and are
 * 304 when the client's copy is current; bodies stream as the database pages arrive.
 */
export function feedRoutes({ guide, appUrl, clock }: FeedRoutesOptions) {
  const basePath = FEEDS_PATH;
  const feeds = new FeedService(guide, { appUrl, basePath, clock });
  return async (app: FastifyInstance) => {
    // No organization or channel is named with a NUL, and PostgreSQL would refuse to look.
    app.addHook('onRequest', async (request) => {
      const { organization, file } = (request.params ?? {}) as Partial<FileParams>;
      if (organization?.includes('\0'))
        throw new ApiError(404, 'No organization has that id or slug.');
      if (file?.includes('\0'))
        throw new ApiError(404, 'The organization has no public channel with that slug.');
    });
    app.get<{ Params: OrganizationParams; Querystring: Record<string, unknown> }>(
      `${basePath}/:organization/xmltv.xml`,
      async (request, reply) =>
        send(request, reply, await feeds.xmltv(request.params.organization, request.query.days)),
    );
    app.get<{ Params: OrganizationParams }>(
      `${basePath}/:organization/channels.m3u`,
      async (request, reply) => send(request, reply, await feeds.m3u(request.params.organization)),
    );
    // The static names above win over this parameter in Fastify's router, so a channel may even
    // be called "xmltv": its calendar is xmltv.ics.
    app.get<{ Params: FileParams; Querystring: Record<string, unknown> }>(
      `${basePath}/:organization/:file`,
      async (request, reply) => {
        const { organization, file } = request.params;
        if (!file.endsWith(CALENDAR_SUFFIX) || file.length === CALENDAR_SUFFIX.length) {
          throw new ApiError(404);
        }
        const channel = file.slice(0, -CALENDAR_SUFFIX.length);
        return send(
          request,
          reply,
          await feeds.calendar(organization, channel, request.query.days),
        );
      },
    );
  };
}

/**
 * Answers with a feed: validators and caching headers first, then 304 when the client's copy is
 * current, else the body as a stream that pulls the next piece only when the socket has taken
 * the last one (so memory stays flat however large the feed and however slow the client).
 */
function send(request: FastifyRequest, reply: FastifyReply, feed: Feed): FastifyReply {
  reply
    .header('ETag', feed.etag)
    .header('Last-Modified', httpDate(feed.lastModified))
    .header('Cache-Control', CACHE_CONTROL);
  if (isNotModified(request.headers, feed.etag, feed.lastModified)) {
    return reply.code(304).send();
  }
  reply.type(feed.contentType);
  // Fastify drains a HEAD route's stream to discard it: hand it an empty one, not the feed.
  const body = request.method === 'HEAD' ? Readable.from([]) : Readable.from(feed.body());
  return reply.send(body);
}
