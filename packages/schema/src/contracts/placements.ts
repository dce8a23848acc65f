import * as z from 'zod';
import { defineEndpoint } from './endpoint.js';
import { instantWindow } from './inputs.js';

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
