import { fromRecordDate } from '@airgrid/domain';
import * as z from 'zod';
import type { CopyResult, TimeslotRecord } from '../index.js';
import { MAX_DURATION_SEC } from '../index.js';
import { addProblem, defineEndpoint, problem, recordReply, typedReply } from './endpoint.js';
import {
  CANNOT_BE_BLANK as BLANK,
  blankAsMissing,
  changeMode,
  checkedByObject,
  INSTANT_HINT,
  INSTANT_RANGE_HINT,
  instantText,
  isCalendarDate,
  optionalCheckedByObject,
  RECORD_ID,
  readInstant,
} from './inputs.js';

// The scheduling workspace's operations (docs/decisions/0009, 0010, 0016): moves and resizes
// with push-on-overlap, placing a new timeslot, a recurrence's expansion, series edits, copies.

const timeslotRecord = recordReply<TimeslotRecord>('timeslots', 'A timeslots record.');

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

// Series edits and deletes from one airing (decision 0016).

/** 'following': this airing and every later one; 'series': every airing not yet started. */
export type SeriesScope = 'following' | 'series';

/** What an edit changes for every airing in its scope; at least one of them. */
export interface SeriesChanges {
  show?: string;
  channel?: string;
  /** Local 'HH:mm' on the channel's clock, on the quarter hour. */
  time?: string;
  durationSec?: number;
  note?: string;
  /** A new rule (RRULE text) from the chosen airing on. */
  rrule?: string;
}

/**
 * Where the scope starts: an occurrence key ('YYYY-MM-DDTHH:mm', the timeslot's `occurrence`)
 * or a local date ('YYYY-MM-DD': the first airing on or after it). The 'series' scope ignores it.
 */
export type SeriesPivot = { kind: 'key'; key: string } | { kind: 'date'; date: string } | null;

const SCOPES: readonly SeriesScope[] = ['following', 'series'];
const OCCURRENCE_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MAX_SERIES_NOTE = 2000;
const MAX_RRULE = 500;
const SERIES_FIELDS = ['show', 'channel', 'time', 'durationSec', 'note', 'rrule'] as const;
const SCOPE_MESSAGE =
  'Must be "following" (this airing and the later ones) or "series" (the whole series).';

type Ctx = Parameters<typeof addProblem>[0];

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function readScope(value: unknown, ctx?: Ctx): SeriesScope | null {
  if (SCOPES.includes(value as SeriesScope)) return value as SeriesScope;
  if (ctx) {
    const code = isBlank(value) ? 'validation_required' : 'validation_invalid_value';
    addProblem(ctx, ['scope'], code, SCOPE_MESSAGE);
  }
  return null;
}

function readPivot(value: unknown, scope: SeriesScope | null, ctx?: Ctx): SeriesPivot {
  if (isBlank(value)) {
    if (scope === 'following' && ctx) {
      addProblem(
        ctx,
        ['occurrence'],
        'validation_required',
        'Give the airing the change starts from: its occurrence, YYYY-MM-DDTHH:mm.',
      );
    }
    return null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (
    OCCURRENCE_KEY.test(text) &&
    isCalendarDate(text.slice(0, 10)) &&
    TIME_OF_DAY.test(text.slice(11))
  ) {
    return { kind: 'key', key: text };
  }
  if (isCalendarDate(text)) return { kind: 'date', date: text };
  if (ctx) {
    addProblem(
      ctx,
      ['occurrence'],
      'validation_invalid_value',
      'Must be an airing’s occurrence (YYYY-MM-DDTHH:mm, its original local start) or a local date (YYYY-MM-DD).',
    );
  }
  return null;
}

/** The changes of an edit; problems go under the change's own name, as the parser had them. */
function readChanges(value: unknown, ctx?: Ctx): SeriesChanges {
  const changes: SeriesChanges = {};
  const problemAt = (field: string, code: string, message: string) =>
    ctx && addProblem(ctx, [field], code, message);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problemAt(
      'changes',
      'validation_required',
      'Give the changes: show, channel, time, durationSec, note or rrule.',
    );
    return changes;
  }
  const fields = value as Record<string, unknown>;
  const refuse = (field: string, message: string, code = 'validation_invalid_value') =>
    problemAt(field, code, message);
  for (const name of Object.keys(fields)) {
    if (!(SERIES_FIELDS as readonly string[]).includes(name)) {
      refuse(
        name,
        `"${name}" cannot be changed for a series: change show, channel, time, durationSec, note or rrule.`,
        'validation_unknown_field',
      );
    }
  }
  for (const name of ['show', 'channel'] as const) {
    const id = fields[name];
    if (id === undefined) continue;
    if (typeof id !== 'string' || !RECORD_ID.test(id)) {
      refuse(name, `Must be the id of a ${name} of your organization.`);
    } else changes[name] = id;
  }
  if (fields.time !== undefined) {
    const time = typeof fields.time === 'string' ? fields.time.trim() : '';
    const match = TIME_OF_DAY.exec(time);
    if (!match) refuse('time', 'Must be a time of day, HH:mm (24-hour).');
    else if (Number(match[2]) % 15 !== 0) {
      refuse('time', 'Must be on the quarter hour (:00, :15, :30 or :45).');
    } else changes.time = time;
  }
  if (fields.durationSec !== undefined) {
    const duration = fields.durationSec;
    if (
      typeof duration !== 'number' ||
      !Number.isInteger(duration) ||
      duration < 900 ||
      duration > MAX_DURATION_SEC ||
      duration % 900 !== 0
    ) {
      refuse(
        'durationSec',
        `Must be whole quarter hours in seconds, from 900 (15 minutes) to ${MAX_DURATION_SEC} (7 days).`,
      );
    } else changes.durationSec = duration;
  }
  if (fields.note !== undefined) {
    if (typeof fields.note !== 'string' || fields.note.length > MAX_SERIES_NOTE) {
      refuse('note', `Must be text of at most ${MAX_SERIES_NOTE} characters.`);
    } else changes.note = fields.note;
  }
  if (fields.rrule !== undefined) {
    const rrule =
      typeof fields.rrule === 'string' ? fields.rrule.trim().replace(/^RRULE:/i, '') : '';
    if (rrule === '' || rrule.length > MAX_RRULE) {
      refuse(
        'rrule',
        `Must be an RRULE of at most ${MAX_RRULE} characters, e.g. FREQ=WEEKLY;BYDAY=MO.`,
      );
    } else changes.rrule = rrule;
  }
  return changes;
}

const scopeField = checkedByObject<SeriesScope>({
  description: 'following: this airing and the later ones; series: the whole series.',
  enum: SCOPES,
});
const occurrenceField = optionalCheckedByObject<string>({
  description:
    'The airing the change starts from: its occurrence (YYYY-MM-DDTHH:mm, its original local start) or a local date (YYYY-MM-DD); needed for following.',
  type: 'string',
});

/** Counts the problems a refinement adds. */
function counting(ctx: Ctx) {
  const counted = {
    problems: 0,
    addIssue(issue: Parameters<Ctx['addIssue']>[0]) {
      counted.problems += 1;
      ctx.addIssue(issue);
    },
  };
  return counted;
}

/** `{ scope, occurrence }`: what a series delete reads. */
const seriesDeleteBody = z
  .object({ scope: scopeField, occurrence: occurrenceField })
  .superRefine((body, ctx) => {
    readPivot(body.occurrence, readScope(body.scope, ctx), ctx);
  })
  .transform((body) => {
    const scope = readScope(body.scope) as SeriesScope;
    return { scope, pivot: readPivot(body.occurrence, scope) };
  });

const seriesEditBody = z
  .object({
    scope: scopeField,
    occurrence: occurrenceField,
    changes: checkedByObject<SeriesChanges>({
      description:
        'What changes for every airing in the scope, at least one of: show, channel (ids), time (HH:mm on the quarter hour), durationSec (whole quarter hours), note, rrule.',
      type: 'object',
    }),
  })
  .superRefine((body, ctx) => {
    const counted = counting(ctx);
    readPivot(body.occurrence, readScope(body.scope, counted), counted);
    const changes = readChanges(body.changes, counted);
    if (counted.problems === 0 && Object.keys(changes).length === 0) {
      addProblem(
        ctx,
        ['changes'],
        'validation_required',
        'Nothing to change: give at least one of show, channel, time, durationSec, note or rrule.',
      );
    }
  })
  .transform((body) => {
    const scope = readScope(body.scope) as SeriesScope;
    return { scope, pivot: readPivot(body.occurrence, scope), changes: readChanges(body.changes) };
  });

/** What a series operation did to the timeslots. */
const seriesResult = z.object({
  updated: z.number(),
  created: z.number(),
  removed: z.number(),
});

export const seriesEdit = defineEndpoint({
  method: 'POST',
  path: '/api/v1/schedule/recurrences/:id/edit',
  summary: 'Change a recurrence from one of its airings: this and following, or the whole series.',
  params: recurrenceParams,
  body: seriesEditBody,
  reply: seriesResult,
});

export const seriesDelete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/schedule/recurrences/:id/delete',
  summary: 'Delete a recurrence’s airings from one of them on, or the whole series.',
  params: recurrenceParams,
  body: seriesDeleteBody,
  reply: seriesResult,
});

export type SeriesEditRequest = z.output<typeof seriesEditBody>;
export type SeriesDeleteRequest = z.output<typeof seriesDeleteBody>;
export type SeriesResult = z.output<typeof seriesResult>;

// Copying a day or a week to other dates (POST /api/v1/schedule/copy).

/** The longest source: two weeks. */
export const MAX_COPY_DAYS = 14;
/** The most copies of the source in one request: a year of weeks. */
export const MAX_COPY_TARGETS = 53;

const DAY_MS = 86_400_000;

/** Epoch days of a real calendar date (no 31 February), or null. */
export function dayNumber(value: unknown): number | null {
  if (typeof value !== 'string' || !isCalendarDate(value)) return null;
  return Date.parse(`${value}T00:00:00Z`) / DAY_MS;
}

function readCopy(body: Record<string, unknown>, ctx?: Ctx) {
  const refuse = (field: string, message: string, code = 'validation_invalid_value') => {
    if (ctx) addProblem(ctx, [field], code, message);
  };
  const failed = new Set<string>();
  const fail = (field: string, message: string, code?: string) => {
    failed.add(field);
    refuse(field, message, code);
  };
  const from = dayNumber(body.from);
  if (from === null) fail('from', 'Must be the first day to copy, YYYY-MM-DD.');
  const toValue = isBlank(body.to) ? body.from : body.to;
  const to = dayNumber(toValue);
  if (to === null) fail('to', 'Must be the last day to copy, YYYY-MM-DD.');
  else if (from !== null && to < from) {
    fail('to', 'Must be on or after the first day.', 'validation_invalid_range');
  } else if (from !== null && to - from + 1 > MAX_COPY_DAYS) {
    fail(
      'to',
      `Copy at most ${MAX_COPY_DAYS} days at a time: a day or a week, say.`,
      'validation_invalid_range',
    );
  }
  let channels: string[] = [];
  if (body.channels !== undefined && body.channels !== null) {
    if (
      !Array.isArray(body.channels) ||
      !body.channels.every((id) => typeof id === 'string' && RECORD_ID.test(id))
    ) {
      fail('channels', 'Must be a list of channel ids, or left out for every channel.');
    } else channels = [...new Set(body.channels as string[])];
  }
  const targets: string[] = [];
  if (!Array.isArray(body.targets) || body.targets.length === 0) {
    fail(
      'targets',
      'Give at least one date to copy to (the first day of each copy), YYYY-MM-DD.',
      'validation_required',
    );
  } else if (body.targets.length > MAX_COPY_TARGETS) {
    fail(
      'targets',
      `Copy to at most ${MAX_COPY_TARGETS} dates at a time.`,
      'validation_invalid_range',
    );
  } else {
    for (const target of body.targets) {
      if (dayNumber(target) === null) {
        fail('targets', `"${String(target)}" is not a date: give each target as YYYY-MM-DD.`);
        break;
      }
      if (!targets.includes(target as string)) targets.push(target as string);
    }
  }
  if (!failed.has('targets') && from !== null && to !== null && !failed.has('to')) {
    const length = to - from + 1;
    const days = targets.map((target) => dayNumber(target) ?? 0).sort((a, b) => a - b);
    if (days.some((day) => day > from - length && day < from + length)) {
      fail(
        'targets',
        'A copy cannot overlap the days it copies: choose dates after (or before) them.',
      );
    } else if (days.some((day, index) => index > 0 && day - (days[index - 1] ?? 0) < length)) {
      fail(
        'targets',
        `The copies would overlap each other: start them at least ${length} day${length === 1 ? '' : 's'} apart.`,
      );
    }
  }
  let organization: string | null = null;
  if (!isBlank(body.organization)) {
    if (typeof body.organization !== 'string' || !RECORD_ID.test(body.organization)) {
      fail('organization', 'Must be an organization id.');
    } else organization = body.organization;
  }
  for (const flag of ['dryRun', 'skipCollisions'] as const) {
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean') {
      fail(flag, 'Must be true or false.');
    }
  }
  return {
    /** The organization, for superusers (a member's own is used otherwise). */
    organization,
    /** The first and last local dates copied (inclusive), on each channel's clock. */
    from: String(body.from),
    to: String(toValue),
    /** The channels copied; empty = every channel of the organization. */
    channels,
    /** The local date each copy starts on. */
    targets,
    dryRun: body.dryRun === true,
    /** Copy what fits and leave out the airings that would collide, instead of refusing. */
    skipCollisions: body.skipCollisions === true,
  };
}

const copyBody = z
  .object({
    from: checkedByObject<string>({
      description: 'The first local date copied, YYYY-MM-DD.',
      type: 'string',
    }),
    to: optionalCheckedByObject<string>({
      description: `The last local date copied (from when left out), at most ${MAX_COPY_DAYS} days.`,
      type: 'string',
    }),
    channels: optionalCheckedByObject<string[]>({
      description: 'The channels copied; every channel of the organization when left out.',
      type: 'array',
      items: { type: 'string' },
    }),
    targets: checkedByObject<string[]>({
      description: `The local date each copy starts on (at most ${MAX_COPY_TARGETS}).`,
      type: 'array',
      items: { type: 'string' },
    }),
    dryRun: optionalCheckedByObject<boolean>({
      description: 'Only check: answer the collisions, write nothing.',
      type: 'boolean',
    }),
    skipCollisions: optionalCheckedByObject<boolean>({
      description: 'Copy what fits, leaving out the airings that would collide.',
      type: 'boolean',
    }),
    organization: optionalCheckedByObject<string>({
      description: 'For superusers.',
      type: 'string',
    }),
  })
  .superRefine((body, ctx) => {
    readCopy(body, ctx);
  })
  .transform((body) => readCopy(body));

export const scheduleCopy = defineEndpoint({
  method: 'POST',
  path: '/api/v1/schedule/copy',
  summary: 'Copy a day or a week of the schedule to other dates, collisions answered first.',
  body: copyBody,
  reply: typedReply<CopyResult>('The copies, and the collisions found first.'),
});

export type CopyRequest = z.output<typeof copyBody>;
