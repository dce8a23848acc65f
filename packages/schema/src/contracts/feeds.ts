import * as z from 'zod';
import { addProblem, bytesReply, defineEndpoint, FIRST_PROBLEM } from './endpoint.js';
import { optionalCheckedByObject } from './inputs.js';

// The public feeds, signed out (PRODUCT.md "Outputs"): bytes, not JSON. Answers carry ETag and
// Last-Modified and are 304 when the client's copy is current; a former slug of an organization
// answers 301 to the same feed under its current slug.

/** Days ahead a feed covers unless `?days=` says otherwise: two weeks, the guide's longest window. */
export const DEFAULT_FEED_DAYS = 14;
export const MAX_FEED_DAYS = 14;

const BAD_DAYS = `The days parameter must be a whole number of days ahead, from 1 to ${MAX_FEED_DAYS}.`;

/** `?days=` read: absent means DEFAULT_FEED_DAYS; NaN for anything but 1 to 14. */
function readDays(raw: unknown): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return DEFAULT_FEED_DAYS;
  const text = typeof value === 'string' ? value.trim() : '';
  const days = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  return days >= 1 && days <= MAX_FEED_DAYS ? days : Number.NaN;
}

/** A feed's window: `?days=` ahead, yesterday always included. */
const windowQuery = z
  .object({
    days: optionalCheckedByObject<number | string>({
      description: `Days ahead, 1 to ${MAX_FEED_DAYS} (default ${DEFAULT_FEED_DAYS}); yesterday is always included.`,
      type: 'integer',
      minimum: 1,
      maximum: MAX_FEED_DAYS,
    }),
  })
  .superRefine(
    (query, ctx) => {
      if (Number.isNaN(readDays(query.days)))
        addProblem(ctx, ['days'], 'validation_invalid_days', BAD_DAYS);
    },
    { when: () => true },
  )
  .transform((query) => ({ days: readDays(query.days) }));

const organization = z.string().meta({ description: 'The organization’s slug or id.' });

export const feedXmltv = defineEndpoint({
  method: 'GET',
  path: '/api/v1/feeds/:organization/xmltv.xml',
  summary: 'XMLTV guide of the organization’s public channels.',
  params: z.object({ organization }),
  query: windowQuery,
  reply: bytesReply('An XMLTV document.'),
  replyType: 'application/xml; charset=utf-8',
  invalidMessage: FIRST_PROBLEM,
});

export const feedM3u = defineEndpoint({
  method: 'GET',
  path: '/api/v1/feeds/:organization/channels.m3u',
  summary: 'M3U list of the organization’s public channels that have a stream.',
  params: z.object({ organization }),
  reply: bytesReply('An extended M3U playlist.'),
  replyType: 'audio/x-mpegurl; charset=utf-8',
});

export const feedCalendar = defineEndpoint({
  method: 'GET',
  path: '/api/v1/feeds/:organization/:file',
  summary: 'iCalendar of one public channel: {channel}.ics, the channel’s slug (or id).',
  params: z.object({
    organization,
    file: z.string().meta({ description: '{channel}.ics; any other name is a 404.' }),
  }),
  query: windowQuery,
  reply: bytesReply('An iCalendar file.'),
  replyType: 'text/calendar; charset=utf-8',
  invalidMessage: FIRST_PROBLEM,
});

export const podcastFeed = defineEndpoint({
  method: 'GET',
  path: '/api/v1/feeds/podcasts/:file',
  summary: 'A public podcast’s RSS feed (iTunes and Podcasting 2.0): {slug}.xml.',
  params: z.object({
    file: z
      .string()
      .meta({ description: '{slug}.xml, the podcast’s slug; any other name is a 404.' }),
  }),
  reply: bytesReply('An RSS 2.0 feed.'),
  replyType: 'application/rss+xml; charset=utf-8',
});

// The built-in test stream: an HLS playlist that never ends, and its segments.

export const testPatternPlaylist = defineEndpoint({
  method: 'GET',
  path: '/api/v1/streams/test-pattern/live.m3u8',
  summary: 'The built-in test stream’s live HLS playlist (CORS open, never cached).',
  reply: bytesReply('An HLS media playlist.'),
  replyType: 'application/vnd.apple.mpegurl',
});

export const testPatternSegment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/streams/test-pattern/:segment',
  summary:
    'One segment of the test stream, by its sequence number (the same bytes forever: cached for good).',
  params: z.object({
    segment: z.string().meta({ description: 'The name the playlist gives it; others are a 404.' }),
  }),
  reply: bytesReply('An MPEG transport stream segment.'),
  replyType: 'video/mp2t',
});
