import * as z from 'zod';
import { bytesReply, defineEndpoint, FIRST_PROBLEM } from './endpoint.js';
import { instantWindow } from './inputs.js';

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

export const playoutSubtitlesPlaylist = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/live/subtitles.m3u8',
  summary:
    'The live subtitles playlist: WebVTT for each segment of the media playlist, from each programme’s default complete caption track.',
  params: z.object({ channel: channelParam }),
  reply: bytesReply('An HLS media playlist of WebVTT segments.'),
  replyType: 'application/vnd.apple.mpegurl',
});

export const playoutSegment = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/live/:package/:segment',
  summary:
    'One segment of a packaged media, as a live playlist names it: its video (.ts, immutable) or its captions (.vtt).',
  params: z.object({
    channel: channelParam,
    package: z.string().meta({ description: 'The package the playlist names.' }),
    segment: z
      .string()
      .meta({ description: '00000.ts, 00001.ts… or 00000.vtt…; others are a 404.' }),
  }),
  reply: bytesReply('An MPEG transport stream segment, or a WebVTT file.'),
  replyType: 'video/mp2t',
});

// Readiness before air (issue 39, item 4): what will not air as scheduled, for the station's
// members (packages/domain/src/playout/readiness.ts says how it is found).

/** The windows the readiness is asked for: the next day or the next week. */
export const READINESS_HOURS = ['24', '168'] as const;

const showRef = z.object({ id: z.string(), title: z.string() });
const slotRef = z.object({
  timeslot: z.string().meta({ description: 'The timeslot’s id.' }),
  show: showRef,
});

const readinessIssue = z.object({
  kind: z.enum(['no-media', 'not-packaged', 'too-long', 'gap']).meta({
    description:
      'no-media: the show has no media (the fill airs instead); not-packaged: its media is not packaged in the channel’s profile yet; too-long: its media is longer than the slot and is cut; gap: a stretch of at least 15 minutes with no programme.',
  }),
  start: z.string().meta({ description: 'ISO instant: the timeslot’s start, or the gap’s.' }),
  end: z.string(),
  timeslot: z.string().optional().meta({ description: 'The timeslot, for all but gaps.' }),
  show: showRef.optional(),
  state: z
    .enum(['waiting', 'queued', 'packaging', 'failed'])
    .optional()
    .meta({ description: 'not-packaged: where its packaging stands (waiting: no job yet).' }),
  progress: z.number().optional().meta({ description: 'not-packaged: 0–100.' }),
  error: z.string().optional().meta({ description: 'not-packaged: why the packaging failed.' }),
  cutSec: z.number().optional().meta({ description: 'too-long: seconds of media not aired.' }),
  fillerSec: z.number().optional().meta({ description: 'gap: seconds the filler covers.' }),
  slateSec: z.number().optional().meta({ description: 'gap: seconds the slate airs.' }),
  endsEarly: slotRef.optional().meta({ description: 'gap: the show that ends early in its slot.' }),
  cancelled: z.array(slotRef).optional().meta({ description: 'gap: cancelled timeslots in it.' }),
});

const readinessCounts = z.object({
  total: z.number(),
  noMedia: z.number(),
  notPackaged: z.number(),
  tooLong: z.number(),
  gaps: z.number(),
});

export const playoutReadinessRead = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/playout/readiness',
  summary:
    'What will not air as scheduled on a channel airing through Airgrid playout, in the next 24 hours or 7 days: shows with no media, media not packaged yet, media longer than its slot, long gaps (for the station’s members).',
  params: z.object({
    channel: z
      .string()
      .meta({ description: 'The channel’s id; it must air through Airgrid playout.' }),
  }),
  query: z.object({
    hours: z
      .enum(READINESS_HOURS, { error: 'Must be 24 or 168.' })
      .optional()
      .meta({ description: 'The window from now: 24 (the default) or 168 hours.' }),
  }),
  reply: z.object({
    channel: z.string(),
    timeZone: z.string().meta({ description: 'The channel’s zone.' }),
    from: z.string(),
    to: z.string(),
    counts: readinessCounts,
    issues: z.array(readinessIssue),
  }),
});

export const playoutReadinessSummary = defineEndpoint({
  method: 'GET',
  path: '/api/v1/playout/readiness',
  summary:
    'For each of the organization’s channels airing through Airgrid playout, how many things will not air as scheduled in the next 24 hours (the dashboard’s line).',
  reply: z.object({
    from: z.string(),
    to: z.string(),
    channels: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        counts: readinessCounts,
        first: z.string().nullable().meta({ description: 'ISO instant of the first issue.' }),
      }),
    ),
  }),
});

/** The longest stretch one as-run export covers: a month. */
export const AS_RUN_MAX_DAYS = 31;

const asRunQuery = instantWindow({
  maxDays: AS_RUN_MAX_DAYS,
  what: 'The as-run log is exported',
  from: 'The first instant exported (entries that end after it).',
  to: 'The end (entries that start before it)',
});

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
