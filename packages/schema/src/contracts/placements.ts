import * as z from 'zod';
import { bytesReply, defineEndpoint, FIRST_PROBLEM } from './endpoint.js';
import { CANNOT_BE_BLANK, instantWindow, isCalendarDate } from './inputs.js';

// A channel's breaks and the spots placed in them (issue 40, items 2 and 5): the staff's
// timeline draws them as thin bars with their free seconds.

/** The longest window one read covers: a week. */
export const BREAKS_MAX_DAYS = 7;

const placedSpot = z.object({
  placement: z.string().meta({ description: 'The placement’s id.' }),
  campaign: z.string(),
  campaignName: z.string(),
  ad: z.string(),
  adTitle: z.string(),
  sponsorName: z.string(),
  start: z.string().meta({ description: 'ISO instant the spot starts, to the millisecond.' }),
  offsetSec: z.number().meta({ description: 'Seconds from the break’s start.' }),
  durationSec: z.number().meta({ description: 'The spot’s runtime, to the frame.' }),
});

export const channelBreaks = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/breaks',
  summary:
    'A channel’s breaks between two instants (a slot’s seconds after its programme, its break points, gaps) with the spots placed in them and the seconds left free (for the station’s members).',
  params: z.object({ channel: z.string().meta({ description: 'The channel’s id.' }) }),
  query: instantWindow({
    maxDays: BREAKS_MAX_DAYS,
    what: 'Breaks are read',
    from: 'The first instant: breaks that start at or after it.',
    to: 'The end: breaks that start before it',
  }),
  reply: z.object({
    channel: z.string(),
    timeZone: z.string().meta({ description: 'The channel’s zone.' }),
    breaks: z.array(
      z.object({
        id: z.string().meta({ description: '`{channel}:{start ms}:{kind}`.' }),
        kind: z.enum(['point', 'end', 'gap']).meta({
          description:
            'point: at a break point inside a programme; end: after a programme, to its slot’s end; gap: where nothing is scheduled.',
        }),
        start: z.string(),
        capacitySec: z.number(),
        freeSec: z.number().meta({ description: 'Seconds no spot is placed in.' }),
        timeslot: z
          .string()
          .nullable()
          .meta({ description: 'The programme it is in or after; null for a gap.' }),
        spots: z.array(placedSpot),
      }),
    ),
  }),
});

/** The columns of a channel's daily log, in order (a header line names them). */
export const DAILY_LOG_COLUMNS = [
  'runDateTime',
  'type',
  'idType',
  'title',
  'durationSec',
  'cablecastShowId',
  'cgExempt',
  'filler',
  'campaign',
  'sponsor',
  'timeslot',
  'spot',
] as const;

export const channelDailyLog = defineEndpoint({
  method: 'GET',
  path: '/api/v1/channels/:channel/log',
  summary:
    'A channel’s log for one day on its own clock, as CSV: every programme and every spot placed between them, in order, for a station whose own playout (Cablecast, CasparCG…) airs the schedule.',
  description: `For members of the channel’s organization. One line per item: ${DAILY_LOG_COLUMNS.join(', ')}. runDateTime is ISO 8601 with the channel’s offset; idType and cgExempt follow Cablecast’s schedule items (1 a show, 2 a media; spots are CG-exempt: not on public schedules); durationSec is a programme’s slot or a spot’s exact runtime.`,
  params: z.object({ channel: z.string().meta({ description: 'The channel’s id.' }) }),
  query: z.object({
    date: z
      .string({ error: CANNOT_BE_BLANK })
      .refine(isCalendarDate, { error: 'Must be a date, YYYY-MM-DD.' })
      .meta({ description: 'The day, on the channel’s clock (YYYY-MM-DD).' }),
  }),
  reply: bytesReply('A CSV file (RFC 4180) with a header line.'),
  replyType: 'text/csv; charset=utf-8',
  invalidMessage: FIRST_PROBLEM,
});

/** The longest period one read of a campaign's airings covers (flights are about a year). */
export const AIRINGS_MAX_DAYS = 400;

/** Where an airing's proof comes from. */
export const PROOF_SOURCES = ['as-run', 'import', 'schedule'] as const;
export type ProofSource = (typeof PROOF_SOURCES)[number];

/**
 * What became of a spot: aired (proven, or past and unproven: by schedule), missed (a log covers
 * its time and does not have it), aired off-plan (a log has the campaign's spot where none was
 * placed), or still to come.
 */
export const AIRING_STATUSES = ['aired', 'missed', 'off-plan', 'upcoming'] as const;
export type AiringStatus = (typeof AIRING_STATUSES)[number];

export const campaignAiring = z.object({
  placement: z.string().nullable().meta({ description: 'The placement; null when off-plan.' }),
  channel: z.string(),
  channelName: z.string(),
  ad: z.string(),
  adTitle: z.string(),
  durationSec: z.number().meta({ description: 'The spot’s runtime, to the frame.' }),
  plannedStart: z.string().nullable().meta({ description: 'ISO instant it was placed at.' }),
  airedStart: z
    .string()
    .nullable()
    .meta({ description: 'ISO instant a log says it started (to the second); null unproven.' }),
  programme: z.string().meta({ description: 'The programme it aired in or after (a title).' }),
  status: z.enum(AIRING_STATUSES),
  proof: z.enum(PROOF_SOURCES).nullable().meta({
    description: 'as-run: Airgrid playout’s log; import: an imported log; schedule: unproven.',
  }),
});
export type CampaignAiring = z.infer<typeof campaignAiring>;

export const campaignAirings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/campaigns/:campaign/airings',
  summary:
    'A campaign’s spots between two instants with what became of each (aired, missed, aired off-plan, upcoming) and the proof: the as-run log, an imported log, or the schedule alone.',
  params: z.object({ campaign: z.string().meta({ description: 'The campaign’s id.' }) }),
  query: instantWindow({
    maxDays: AIRINGS_MAX_DAYS,
    what: 'Airings are read',
    from: 'The first instant: spots planned or aired at or after it.',
    to: 'The end: spots planned or aired before it',
  }),
  reply: z.object({
    campaign: z.string(),
    airings: z.array(campaignAiring),
  }),
});
