import * as z from 'zod';
import { addProblem, bytesReply, defineEndpoint, FIRST_PROBLEM } from './endpoint.js';
import { CANNOT_BE_BLANK, instantText, readInstant } from './inputs.js';

// A channel airing through Airgrid playout (issue 39; decisions 0043 and 0044): HLS for any
// player, signed out, CORS open. The playlists are computed from the schedule and the clock, the
// same on every node; segments never change (cached for good).

const channelParam = z
  .string()
  .meta({ description: 'The channel’s id; it must be public and air through Airgrid playout.' });

export const playoutMasterPlaylist = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/live.m3u8',
  summary:
    'A channel’s live HLS master playlist when it airs through Airgrid playout: its rendition in the channel’s profile.',
  params: z.object({ channel: channelParam }),
  reply: bytesReply('An HLS master playlist.'),
  replyType: 'application/vnd.apple.mpegurl',
});

export const playoutMediaPlaylist = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/live/video.m3u8',
  summary:
    'The live media playlist: the last minute of the channel’s air, from its schedule and the clock (cacheable for half a segment).',
  params: z.object({ channel: channelParam }),
  reply: bytesReply('An HLS media playlist.'),
  replyType: 'application/vnd.apple.mpegurl',
});

export const playoutSegment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/live/:package/:segment',
  summary: 'One segment of a packaged media, as the live playlist names it (immutable).',
  params: z.object({
    channel: channelParam,
    package: z.string().meta({ description: 'The package the playlist names.' }),
    segment: z.string().meta({ description: '00000.ts, 00001.ts…; others are a 404.' }),
  }),
  reply: bytesReply('An MPEG transport stream segment.'),
  replyType: 'video/mp2t',
});

/** The longest stretch one as-run export covers: a month. */
export const AS_RUN_MAX_DAYS = 31;
const AS_RUN_MAX_MS = AS_RUN_MAX_DAYS * 86_400_000;

const asRunQuery = z
  .object({
    from: instantText('The first instant exported (entries that end after it).'),
    to: instantText(
      `The end (entries that start before it), at most ${AS_RUN_MAX_DAYS} days after from.`,
    ),
  })
  .partial()
  .superRefine(
    (query, ctx) => {
      const at: Partial<Record<'from' | 'to', number>> = {};
      for (const field of ['from', 'to'] as const) {
        const value: unknown = query[field];
        if (value === undefined || value === '') {
          addProblem(ctx, [field], 'validation_required', CANNOT_BE_BLANK);
          continue;
        }
        const instant = readInstant(value);
        if (typeof instant === 'number') at[field] = instant;
        else addProblem(ctx, [field], 'validation_invalid_datetime', instant.message);
      }
      if (at.from === undefined || at.to === undefined) return;
      if (at.to <= at.from)
        addProblem(ctx, ['to'], 'validation_invalid_range', 'Must be after from.');
      else if (at.to - at.from > AS_RUN_MAX_MS)
        addProblem(
          ctx,
          ['to'],
          'validation_invalid_range',
          `The as-run log is exported at most ${AS_RUN_MAX_DAYS} days at a time.`,
        );
    },
    { when: () => true },
  )
  .transform((query) => ({
    from: readInstant(query.from) as number,
    to: readInstant(query.to) as number,
  }));

export const playoutAsRun = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/as-run',
  summary:
    'The as-run log of a channel airing through Airgrid playout, as CSV: what aired between two instants, to the second.',
  description:
    'For members of the channel’s organization. One line per item aired (a programme, a filler clip, a stretch of the slate): start and end in UTC (ISO 8601), duration in seconds, kind, show title, timeslot id, package id. The same entries are the `asRun` records.',
  params: z.object({
    channel: z.string().meta({ description: 'The channel’s id.' }),
  }),
  query: asRunQuery,
  reply: bytesReply('A CSV file (RFC 4180) with a header line.'),
  replyType: 'text/csv; charset=utf-8',
  invalidMessage: FIRST_PROBLEM,
});
