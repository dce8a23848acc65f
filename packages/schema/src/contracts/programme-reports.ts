import { REPORT_MAX_DAYS } from '@airgrid/domain';
import * as z from 'zod';
import { CAMPAIGN_STATUSES } from '../collections/campaigns.js';
import { SHOW_STATUSES } from '../collections/shows.js';
import { defineEndpoint } from './endpoint.js';
import { instantWindow } from './inputs.js';

// The programme reports of /analytics (issue 41, item 3): what aired, how often, what never
// did, how much of it was captioned, and how campaigns delivered, over a period of at most
// REPORT_MAX_DAYS days. For the station's members; the period is two instants, [from, to).

const period = () =>
  instantWindow({
    maxDays: REPORT_MAX_DAYS,
    what: 'Reports cover',
    from: 'The period’s first instant.',
    to: 'The period’s end (not included)',
  });

const iso = (description: string) =>
  z.string().meta({ description: `${description} ISO instant.` });
const maybeIso = (description: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `${description} ISO instant; null when there is none.` });

/** What every report answers about its period. */
const periodReply = {
  from: iso('The period’s first instant.'),
  to: iso('The period’s end (not included).'),
  timeZone: z.string().meta({ description: 'The station’s zone, for reading the period’s days.' }),
};

const share = (of: string) => z.number().meta({ description: `${of}, 0 to 1.` });

export const reportReruns = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/reruns',
  summary:
    'How often each show aired in a period (scheduled airings that start in it, per channel), its share of the airtime, its last airing before the period’s end and its next one from now; most aired first.',
  query: period(),
  reply: z.object({
    ...periodReply,
    airings: z.number().meta({ description: 'Airings that start in the period.' }),
    airtimeSec: z.number().meta({ description: 'Scheduled seconds inside the period.' }),
    shows: z.array(
      z.object({
        show: z.string(),
        title: z.string(),
        airings: z.number(),
        airtimeSec: z.number(),
        share: share('Its airtime as a share of the period’s'),
        channels: z.array(z.object({ channel: z.string(), name: z.string(), airings: z.number() })),
        lastAiring: maybeIso('Its last airing that starts before the period’s end.'),
        nextAiring: maybeIso('Its next airing that starts after now.'),
      }),
    ),
  }),
});

export const NEVER_AIRED_KINDS = ['never', 'not-in-period'] as const;

export const reportNeverAired = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/never-aired',
  summary:
    'Shows ready to air (status ready, or with media) and not archived that have no scheduled airing at all, or none in the period; oldest first.',
  query: period(),
  reply: z.object({
    ...periodReply,
    shows: z.array(
      z.object({
        show: z.string(),
        title: z.string(),
        status: z.enum(SHOW_STATUSES).or(z.literal('')),
        hasMedia: z.boolean(),
        created: iso('When the show was made.'),
        kind: z.enum(NEVER_AIRED_KINDS).meta({
          description: 'never: no scheduled airing at any time; not-in-period: none in the period.',
        }),
        lastAiring: maybeIso('Its last airing before the period.'),
        nextAiring: maybeIso('Its next airing after the period.'),
      }),
    ),
  }),
});

const coverage = {
  airtimeSec: z.number().meta({ description: 'Scheduled seconds inside the period.' }),
  captionedSec: z.number(),
  share: share('captionedSec / airtimeSec'),
};

export const reportCaptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/captions',
  summary:
    'Of the airtime in a period, the share whose show has a complete caption track in the channel’s language, per channel and overall, and the shows that aired uncaptioned the most.',
  query: period(),
  reply: z.object({
    ...periodReply,
    channels: z.array(
      z.object({
        channel: z.string(),
        name: z.string(),
        number: z.number(),
        language: z.string(),
        ...coverage,
      }),
    ),
    total: z.object(coverage),
    uncaptioned: z.array(
      z.object({
        show: z.string(),
        title: z.string(),
        uncaptionedSec: z.number(),
        airings: z
          .number()
          .meta({ description: 'Its uncaptioned airings that start in the period.' }),
      }),
    ),
  }),
});

export const reportCampaigns = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/campaigns',
  summary:
    'Booked, paused and ended campaigns whose flight meets the period: the goal over the flight against the spots placed, what is owed, and the spots placed and aired (by schedule) in the period.',
  query: period(),
  reply: z.object({
    ...periodReply,
    campaigns: z.array(
      z.object({
        campaign: z.string(),
        name: z.string(),
        sponsorName: z.string(),
        status: z.enum(CAMPAIGN_STATUSES),
        flightStart: z.string().meta({ description: 'The flight’s first day, YYYY-MM-DD.' }),
        flightEnd: z.string().meta({ description: 'The flight’s last day, YYYY-MM-DD.' }),
        goal: z
          .number()
          .meta({ description: 'Spots wanted over the flight (0 before it is placed).' }),
        placed: z.number().meta({ description: 'Spots placed over the flight.' }),
        shortfall: z.number().meta({ description: 'Spots the breaks could not take.' }),
        delivered: share('placed / goal (may pass 1)'),
        placedInPeriod: z.number(),
        airedInPeriod: z
          .number()
          .meta({ description: 'Placed spots in the period that started before now.' }),
      }),
    ),
  }),
});
