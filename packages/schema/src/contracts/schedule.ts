import { fromRecordDate } from '@airgrid/domain';
import * as z from 'zod';
import type { TimeslotRecord } from '../index.js';
import { addProblem, defineEndpoint, problem, typedReply } from './endpoint.js';
import {
  blankAsMissing,
  changeMode,
  INSTANT_HINT,
  INSTANT_RANGE_HINT,
  instantText,
  readInstant,
} from './inputs.js';

// The scheduling workspace's operations (docs/decisions/0009, 0010, 0016): moves and resizes
// with push-on-overlap, placing a new timeslot, a recurrence's expansion, series edits, copies.

const BLANK = problem('validation_required', 'Cannot be blank.');

const timeslotRecord = typedReply<TimeslotRecord>('A timeslots record.');

/** Where the timeslots a change moved were before it (for an undo). */
const previousSpan = z.object({
  id: z.string(),
  start: z.string().meta({ description: 'A record date.' }),
  durationSec: z.number(),
});

const pushResult = z.object({
  changed: z.array(timeslotRecord).meta({
    description: 'Every timeslot the change wrote, in start order.',
  }),
  previous: z.array(previousSpan).meta({ description: 'Where each changed one was before.' }),
});

/** A move of a timeslot's start, or a resize of one of its edges. */
export type ScheduleChange =
  | { kind: 'move'; start: number }
  | { kind: 'resize'; edge: 'start' | 'end'; instant: number };

const EDGE_MESSAGE = problem(
  'validation_invalid_value',
  'Must be "start" or "end": the edge of the timeslot to move.',
);
const START_MISSING = problem(
  'validation_required',
  'Give the new start to move the timeslot, or an edge and its instant to resize it.',
);

const moveBody = z
  .object({
    timeslot: z
      .string({ error: BLANK })
      .trim()
      .min(1, BLANK)
      .meta({ description: 'The timeslot to move or resize.' }),
    mode: changeMode,
    edge: blankAsMissing(
      z
        .enum(['start', 'end'], { error: EDGE_MESSAGE })
        .meta({ description: 'For a resize: the edge that moves, to the instant under its name.' }),
    ),
    start: blankAsMissing(instantText('The new start (a move), or the start edge’s.')),
    end: blankAsMissing(instantText('The end edge’s new instant (a resize).')),
  })
  .superRefine(
    (body, ctx) => {
      const edge = body.edge;
      if (edge !== undefined && edge !== 'start' && edge !== 'end') return;
      const field = edge ?? 'start';
      const value: unknown = body[field];
      if (value === undefined) {
        if (edge === undefined) addProblem(ctx, ['start'], 'validation_required', START_MISSING);
        else {
          addProblem(
            ctx,
            [edge],
            'validation_required',
            `Give the instant the ${edge} of the timeslot moves to.`,
          );
        }
        return;
      }
      if (typeof value !== 'string') return;
      const at = readInstant(value);
      if (typeof at !== 'number')
        addProblem(ctx, [field], 'validation_invalid_datetime', at.message);
    },
    { when: () => true },
  )
  .transform((body) => {
    const instant = (value: string | undefined) => readInstant(value) as number;
    const change: ScheduleChange =
      body.edge === undefined
        ? { kind: 'move', start: instant(body.start) }
        : { kind: 'resize', edge: body.edge, instant: instant(body[body.edge]) };
    return { timeslot: body.timeslot, mode: body.mode, change };
  });

export const scheduleMove = defineEndpoint({
  method: 'POST',
  path: '/api/v1/schedule/move',
  summary: 'Move or resize a timeslot, pushing its neighbours or refusing to overlap them.',
  description:
    'One transaction under the channel lock. `{ timeslot, mode, start }` moves; `{ timeslot, mode, edge, start | end }` moves one edge.',
  body: moveBody,
  reply: pushResult,
});

/** The longest window one expand call may fill: a year (a leap year's 366 days). */
export const MAX_EXPAND_WINDOW_MS = 366 * 24 * 3600 * 1000;

const expandBody = z
  .object({
    from: blankAsMissing(instantText('The window’s start.')),
    to: blankAsMissing(instantText('The window’s end, at most 366 days after from.')),
  })
  .superRefine(
    (body, ctx) => {
      const at: Partial<Record<'from' | 'to', number>> = {};
      for (const field of ['from', 'to'] as const) {
        const value: unknown = body[field];
        if (value === undefined) addProblem(ctx, [field], 'validation_required', BLANK);
        else if (typeof value === 'string') {
          const instant = readInstant(value);
          if (typeof instant === 'number') at[field] = instant;
          else addProblem(ctx, [field], 'validation_invalid_datetime', instant.message);
        }
      }
      if (at.from === undefined || at.to === undefined) return;
      if (at.to <= at.from) {
        addProblem(ctx, ['to'], 'validation_invalid_range', 'Must be after from.');
      } else if (at.to - at.from > MAX_EXPAND_WINDOW_MS) {
        addProblem(
          ctx,
          ['to'],
          'validation_invalid_range',
          'The window can be at most a year (366 days): expand a long series a year at a time.',
        );
      }
    },
    { when: () => true },
  )
  .transform((body) => ({
    from: readInstant(body.from) as number,
    to: readInstant(body.to) as number,
  }));

const recurrenceParams = z.object({ id: z.string().meta({ description: 'The recurrence.' }) });

export const scheduleExpand = defineEndpoint({
  method: 'POST',
  path: '/api/v1/schedule/recurrences/:id/expand',
  summary: 'Create a recurrence’s timeslots in a window, all or none.',
  params: recurrenceParams,
  body: expandBody,
  reply: z.object({
    created: z.array(timeslotRecord),
    skipped: z.number().meta({ description: 'Airings in the window that already existed.' }),
  }),
});

const PLACE_DURATION = problem(
  'validation_invalid_value',
  'Must be a number of seconds above zero (rounded to 15 minutes, at least 15).',
);
const CHOOSE_CHANNEL = problem('validation_required', 'Choose a channel.');
const GIVE_START = problem('validation_required', 'Give the start of the timeslot.');

const placeBody = z
  .looseObject({
    mode: changeMode,
    channel: z
      .string({ error: CHOOSE_CHANNEL })
      .trim()
      .min(1, CHOOSE_CHANNEL)
      .meta({ description: 'The channel the timeslot airs on.' }),
    start: z
      .string({ error: GIVE_START })
      .trim()
      .min(1, GIVE_START)
      .meta({ description: 'The start: a record date or ISO 8601 text with its zone.' })
      .superRefine((text, ctx) => {
        if (text === '') return;
        if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
          addProblem(ctx, [], 'validation_invalid_datetime', INSTANT_HINT);
        } else if (fromRecordDate(text) === null) {
          addProblem(ctx, [], 'validation_invalid_datetime', INSTANT_RANGE_HINT);
        }
      }),
    durationSec: z.preprocess(
      (value) => (typeof value === 'string' ? Number(value) : value),
      z
        .number({ error: PLACE_DURATION })
        .refine((value) => Number.isFinite(value) && value > 0, PLACE_DURATION)
        .meta({ description: 'Seconds, rounded to 15 minutes (at least 15).' }),
    ) as unknown as z.ZodType<number, number | string>,
  })
  .meta({
    description:
      'The timeslot as the records API takes it (show, status, note, locked; organization for superusers: the record engine checks them) and the overlap mode.',
  })
  .transform((body) => {
    const { mode, ...fields } = body;
    return {
      mode,
      channel: body.channel,
      start: fromRecordDate(body.start) as number,
      durationSec: body.durationSec,
      /** The timeslot's fields as sent (without `mode`): the record engine checks the rest. */
      fields: fields as Record<string, unknown>,
    };
  });

export const schedulePlace = defineEndpoint({
  method: 'POST',
  path: '/api/v1/schedule/place',
  summary: 'Create a timeslot obeying the overlap mode.',
  description:
    'push moves what it lands on later (one transaction); no-overlap refuses, naming the timeslot in the way.',
  body: placeBody,
  reply: pushResult.extend({ timeslot: timeslotRecord }),
});

/** A move or resize, as the server's handler receives it. */
export type MoveRequest = z.output<typeof moveBody>;
/** An expand's window, in epoch milliseconds. */
export type ExpandRequest = z.output<typeof expandBody>;
/** A placement: the mode, the channel and start read to plan the push, and the fields as sent. */
export type PlaceRequest = z.output<typeof placeBody>;
