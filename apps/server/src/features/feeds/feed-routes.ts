import { Readable } from 'node:stream';
import { feedCalendar, feedM3u, feedXmltv, podcastFeed } from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { type CurrentSlugOf, redirectFormerSlug } from '../../public-reads/former-slugs.js';
import type { GuideRepository } from '../../public-reads/guide-repository.js';
import type { PublicRead, PublicReadCache } from '../../public-reads/public-read-cache.js';
import { sendPublicRead } from '../../public-reads/public-read-reply.js';
import { type Feed, FeedService } from './feed-service.js';
import { httpDate, isNotModified } from './feed-validators.js';
import { NO_PODCAST, type PodcastFeedService } from './podcast-feed-service.js';

/** Where the feeds live; the web app links these addresses (apps/web/src/shared/feeds/feed-urls.ts). */
export const FEEDS_PATH = '/api/v1/feeds';

/**
 * Players and calendar apps poll; five minutes of caching spares the server most polls, and a
 * CDN may serve a copy ten minutes longer while it revalidates (docs/decisions/0018-public-read-cache.md).
 */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=600';
/**
 * Feeds up to this size are kept in memory, compressed; a larger one (hundreds of channels over
 * two weeks) keeps only its validators, so its 304s stay free, and streams each 200 afresh.
 */
const MAX_CACHED_FEED_CHARS = 8 * 1024 * 1024;
const CALENDAR_SUFFIX = '.ics';

export interface FeedRoutesOptions {
  guide: GuideRepository;
  /** The public origin (config.appUrl). */
  appUrl: string;
  clock: Clock;
  /** Built feeds, kept until their organization changes or their window moves. */
  publicReads: PublicReadCache;
  /** An organization's current slug by a former one: old feed URLs redirect (301). */
  currentSlugOf: CurrentSlugOf;
  /** Podcast feeds, at {base}/podcasts/{slug}.xml. */
  podcasts: PodcastFeedService;
}

type OrganizationParams = { organization: string };
type FileParams = OrganizationParams & { file: string };

/**
 * The public feeds, signed out (PRODUCT.md "Outputs"):
 * - GET {base}/{organization}/xmltv.xml: XMLTV guide of the public channels;
 * - GET {base}/{organization}/channels.m3u: M3U list of the public channels with a stream;
 * - GET {base}/{organization}/{channel}.ics: iCalendar of one public channel;
 * - GET {base}/podcasts/{slug}.xml: a public podcast's RSS feed (iTunes and Podcasting 2.0).
 * `{organization}` is a slug or id, `{channel}` a slug (or id). `?days=1..14` sets how many days
 * ahead (default 14; its contract reads it: packages/schema/src/contracts/feeds.ts); yesterday is
 * always included. Answers carry ETag and Last-Modified and are
 * 304 when the client's copy is current; bodies stream as the database pages arrive. A former
 * slug of an organization answers 301 to the same feed under its current slug.
 */
export function feedRoutes({
  guide,
  appUrl,
  clock,
  publicReads,
  currentSlugOf,
  podcasts,
}: FeedRoutesOptions) {
  const basePath = FEEDS_PATH;
  const feeds = new FeedService(guide, { appUrl, basePath, clock });
  /** Answers from the cache, or streams the feed afresh when it was too large to keep. */
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<Feed>,
  ) => {
    try {
      const read = await cachedFeed(publicReads, key, load);
      return sendPublicRead(request, reply, read) ?? send(request, reply, await load());
    } catch (error) {
      // No organization by that slug: maybe one used to have it (its path segment is the 4th).
      const { organization } = request.params as OrganizationParams;
      if (error instanceof ApiError && error.status === 404) {
        const moved = await redirectFormerSlug(reply, currentSlugOf, organization, 4);
        if (moved) return moved;
      }
      throw error;
    }
  };
  return async (app: FastifyInstance) => {
    // No organization or channel is named with a NUL, and PostgreSQL would refuse to look.
    app.addHook('onRequest', async (request) => {
      const { organization, file } = (request.params ?? {}) as Partial<FileParams>;
      if (organization?.includes('\0'))
        throw new ApiError(404, 'No organization has that id or slug.');
      if (file?.includes('\0'))
        throw new ApiError(404, 'The organization has no public channel with that slug.');
    });
    // A podcast's feed, by the podcast's own slug (unique on the server). This static segment
    // wins over an organization's `{organization}/{channel}.ics`.
    registerEndpoint(app, podcastFeed, async ({ params }, request, reply) => {
      const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.xml$/.exec(params.file);
      if (!match?.[1]) throw new ApiError(404, NO_PODCAST);
      const slug = match[1];
      const read = await cachedFeed(publicReads, `podcast\0${slug}`, () => podcasts.feed(slug));
      return (
        sendPublicRead(request, reply, read) ?? send(request, reply, await podcasts.feed(slug))
      );
    });
    registerEndpoint(app, feedXmltv, async ({ params, query }, request, reply) => {
      const { organization } = params;
      return serve(request, reply, `xmltv\0${organization}\0${query.days}`, () =>
        feeds.xmltv(organization, query.days),
      );
    });
    registerEndpoint(app, feedM3u, async ({ params }, request, reply) => {
      const { organization } = params;
      return serve(request, reply, `m3u\0${organization}`, () => feeds.m3u(organization));
    });
    // The static names above win over this parameter in Fastify's router, so a channel may even
    // be called "xmltv": its calendar is xmltv.ics.
    registerEndpoint(app, feedCalendar, async ({ params, query }, request, reply) => {
      const { organization, file } = params;
      if (!file.endsWith(CALENDAR_SUFFIX) || file.length === CALENDAR_SUFFIX.length) {
        throw new ApiError(404);
      }
      const channel = file.slice(0, -CALENDAR_SUFFIX.length);
      return serve(request, reply, `ics\0${organization}\0${channel}\0${query.days}`, () =>
        feeds.calendar(organization, channel, query.days),
      );
    });
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

/**
 * The feed from the cache, built on a miss: its validators as the feed service decides them
 * (so clients see the same ETag and Last-Modified as before), kept until the organization
 * changes or the window moves at the next local midnight.
 */
function cachedFeed(
  publicReads: PublicReadCache,
  key: string,
  load: () => Promise<Feed>,
): Promise<PublicRead> {
  return publicReads.read(key, async () => {
    const feed = await load();
    return {
      organization: feed.organization,
      contentType: feed.contentType,
      cacheControl: CACHE_CONTROL,
      text: await readWhole(feed.body(), MAX_CACHED_FEED_CHARS),
      etag: feed.etag,
      lastModified: feed.lastModified,
      expiresAt: feed.windowMovesAt,
    };
  });
}

/** The whole body as one string, or null (reading stops) once it passes `limit` characters. */
async function readWhole(pieces: AsyncGenerator<string>, limit: number): Promise<string | null> {
  const parts: string[] = [];
  let length = 0;
  for await (const piece of pieces) {
    length += piece.length;
    if (length > limit) return null;
    parts.push(piece);
  }
  return parts.join('');
}
