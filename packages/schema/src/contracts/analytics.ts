import * as z from 'zod';
import { AUDIENCE_GROUPS, AUDIENCE_MAX_DAYS, AUDIENCE_MAX_GROUPS } from '../analytics.js';
import { defineEndpoint, FIRST_PROBLEM, problem } from './endpoint.js';
import { checkInstantWindow, instantText, MUST_BE_TEXT, readInstant } from './inputs.js';

// Audience measurement (apps/server/src/features/analytics; decision 0052): the beacons pages
// send while they play a channel, and the station's reports over the rollups.

const text = (description: string) =>
  z.string({ error: MUST_BE_TEXT }).optional().meta({ description });

export const analyticsBeacon = defineEndpoint({
  method: 'POST',
  path: '/api/v1/analytics/beacons',
  summary:
    'A page playing a channel says it started, is still playing, or went away (anonymous, first-party).',
  description:
    'Anyone may call it; the web app’s watch page, multiview and player widget do, as ' +
    '`navigator.sendBeacon` sends: a JSON object with Content-Type text/plain (or ' +
    'application/json), at most 1 KB. Every readable body answers 204 with nothing, whether the ' +
    'beacon was counted or ignored (an unknown, private or archived channel, another ' +
    'station’s embed, an origin the embed does not allow, a malformed session id, a second ' +
    'start, a beat less than 25 s after the last, too many beacons from one address): a page ' +
    'never sees an error and a forger learns nothing. No cookie is read or set; the address is ' +
    'used in memory for the rate limit only and is neither stored nor logged, nor is the user ' +
    'agent. The server stamps the beacon with its own clock and attributes it to the programme ' +
    'on air then.',
  body: z.object({
    kind: text(
      'start (playback began), beat (every 30 s while playing and visible), end (the page went away).',
    ),
    session: text(
      'The page’s anonymous session id: 16–64 characters of base64url, random per tab.',
    ),
    channel: text('The channel playing (its id).'),
    embed: text('The player widget’s embed id, when the page is a widget.'),
    origin: text(
      'The embedding website’s origin (https://host[:port]), when the page is a widget.',
    ),
  }),
  reply: z.null().meta({ description: 'No content.' }),
  status: 204,
});

const BY_MESSAGE = problem(
  'validation_invalid_value',
  `Must be one of: ${AUDIENCE_GROUPS.join(', ')}.`,
);

const totals = {
  views: z.number().meta({ description: 'Sessions started.' }),
  watchSeconds: z.number().meta({ description: 'Seconds watched (30 per heartbeat).' }),
  averageWatchSeconds: z
    .number()
    .meta({ description: 'Watch seconds per view, rounded (0 with no views).' }),
  peakConcurrent: z.number().meta({
    description:
      'The most viewers watching at once in one minute (the largest of the buckets’ summed peaks).',
  }),
};

export const analyticsAudience = defineEndpoint({
  method: 'GET',
  path: '/api/v1/analytics/audience',
  summary:
    'The station’s audience between two instants, grouped by channel, show, spot, embed, website, hour of day, weekday or day: views, watch time, average watch time, peak concurrent viewers.',
  description:
    `For the station’s members. Read from the five-minute rollups for windows up to two days, the hourly ones beyond; at most ${AUDIENCE_MAX_DAYS} days. ` +
    `Groups come most watched first, at most ${AUDIENCE_MAX_GROUPS}. hour, weekday, weekday-hour (the heatmap’s cells, “1-18”: Monday 18:00–19:00) and day are read in the station’s time zone. ` +
    'The last few minutes are not rolled up yet (a bucket is rolled up two minutes after it closes).',
  query: z
    .object({
      from: instantText('The window’s first instant: buckets that start at or after it count.'),
      to: instantText(
        `The window’s end: buckets that start before it, at most ${AUDIENCE_MAX_DAYS} days after from.`,
      ),
      by: z
        .enum(AUDIENCE_GROUPS, { error: BY_MESSAGE })
        .meta({ description: 'How to group (channel by default).' }),
    })
    .partial()
    .superRefine(
      (query, ctx) =>
        checkInstantWindow(query, ctx, {
          maxDays: AUDIENCE_MAX_DAYS,
          what: 'The audience is reported',
        }),
      { when: () => true },
    )
    .transform((query) => ({
      from: readInstant(query.from) as number,
      to: readInstant(query.to) as number,
      by: query.by ?? 'channel',
    })),
  reply: z.object({
    from: z.string(),
    to: z.string(),
    by: z.enum(AUDIENCE_GROUPS),
    grain: z.enum(['5m', '1h']).meta({ description: 'The rollup read.' }),
    timeZone: z.string().meta({ description: 'The station’s zone (hour, weekday, day).' }),
    total: z.object(totals),
    groups: z.array(
      z.object({
        key: z.string().meta({
          description:
            'The channel, show, ad or embed id (“” none: not in a programme, not a spot, the app’s own pages), the origin, the hour “00”–“23”, the ISO weekday “1” (Monday)–“7”, or the date.',
        }),
        label: z.string().meta({ description: 'A name to show: the channel’s, the show’s title…' }),
        ...totals,
      }),
    ),
    truncated: z.boolean().meta({ description: `More than ${AUDIENCE_MAX_GROUPS} groups.` }),
  }),
  invalidMessage: FIRST_PROBLEM,
});

export const analyticsNow = defineEndpoint({
  method: 'GET',
  path: '/api/v1/analytics/now',
  summary:
    'Viewers watching each of the station’s channels now: sessions with a heartbeat in the last 60 seconds.',
  description:
    'For the station’s members. The `audienceNow` records carry the same numbers and change ' +
    'through realtime (every 15 s when a number changed).',
  reply: z.object({
    at: z.string().meta({ description: 'The instant counted at.' }),
    total: z.number(),
    channels: z.array(z.object({ id: z.string(), name: z.string(), viewers: z.number() })),
  }),
});
