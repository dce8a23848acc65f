import { type ChangeMode, fromRecordDate } from '@airgrid/domain';
import type { FieldError } from '../../errors/api-error.js';
import type { ScheduleChange } from './schedule-plan.js';

// Reading the bodies of the schedule endpoints: every mistake gets a message under its field.

export type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; errors: Record<string, FieldError> };

export interface MoveRequest {
  timeslot: string;
  change: ScheduleChange;
  mode: ChangeMode;
}

export interface ExpandRequest {
  from: number;
  to: number;
}

/** The longest window one expand call may fill: a year (a leap year's 366 days). */
export const MAX_EXPAND_WINDOW_MS = 366 * 24 * 3600 * 1000;

const INVALID = 'An error occurred while validating the submitted data.';
const MODES: readonly ChangeMode[] = ['push', 'no-overlap'];

function problem(code: string, message: string): FieldError {
  return { code, message };
}

/**
 * An instant in the body: a record date or ISO 8601 text with a zone, within years 1 to 9999
 * (the dates a record holds); `range` when it is a date outside them.
 */
function instant(value: unknown): number | null | 'range' {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  // Without a zone an instant would depend on the server's own: refuse it.
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return null;
  const ms = fromRecordDate(text);
  if (ms === null && !Number.isNaN(Date.parse(text.replace(' ', 'T')))) return 'range';
  return ms;
}

const INSTANT_HINT = 'Must be an instant with its zone, e.g. 2026-03-10T23:00:00Z.';
const RANGE_HINT = 'Must be an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.';

/** The field error for an instant that could not be read. */
function badInstant(at: null | 'range'): FieldError {
  return problem('validation_invalid_datetime', at === 'range' ? RANGE_HINT : INSTANT_HINT);
}

/**
 * POST /api/v1/schedule/move: `{ timeslot, mode, start }` moves the timeslot to start at `start`;
 * `{ timeslot, mode, edge: 'start' | 'end', start | end }` moves that one edge (a resize) to the
 * instant given under the edge's own name.
 */
export function parseMoveRequest(body: Readonly<Record<string, unknown>>): Parsed<MoveRequest> {
  const errors: Record<string, FieldError> = {};
  const timeslot = typeof body.timeslot === 'string' ? body.timeslot.trim() : '';
  if (timeslot === '') errors.timeslot = problem('validation_required', 'Cannot be blank.');
  const mode = body.mode;
  if (!MODES.includes(mode as ChangeMode)) {
    errors.mode = problem('validation_invalid_value', 'Must be "push" or "no-overlap".');
  }
  let change: ScheduleChange | null = null;
  const edge = body.edge;
  if (edge !== undefined && edge !== null && edge !== '') {
    if (edge !== 'start' && edge !== 'end') {
      errors.edge = problem(
        'validation_invalid_value',
        'Must be "start" or "end": the edge of the timeslot to move.',
      );
    } else if (body[edge] === undefined || body[edge] === null || body[edge] === '') {
      errors[edge] = problem(
        'validation_required',
        `Give the instant the ${edge} of the timeslot moves to.`,
      );
    } else {
      const at = instant(body[edge]);
      if (typeof at !== 'number') errors[edge] = badInstant(at);
      else change = { kind: 'resize', edge, instant: at };
    }
  } else if (body.start === undefined || body.start === null || body.start === '') {
    errors.start = problem(
      'validation_required',
      'Give the new start to move the timeslot, or an edge and its instant to resize it.',
    );
  } else {
    const at = instant(body.start);
    if (typeof at !== 'number') errors.start = badInstant(at);
    else change = { kind: 'move', start: at };
  }
  if (Object.keys(errors).length > 0 || change === null) {
    return { ok: false, message: INVALID, errors };
  }
  return { ok: true, value: { timeslot, change, mode: mode as ChangeMode } };
}

/** POST /api/v1/schedule/recurrences/:id/expand: `{ from, to }`, at most a year apart. */
export function parseExpandRequest(body: Readonly<Record<string, unknown>>): Parsed<ExpandRequest> {
  const errors: Record<string, FieldError> = {};
  const fromAt = instant(body.from);
  const toAt = instant(body.to);
  for (const [field, value, at] of [
    ['from', body.from, fromAt],
    ['to', body.to, toAt],
  ] as const) {
    if (value === undefined || value === null || value === '') {
      errors[field] = problem('validation_required', 'Cannot be blank.');
    } else if (typeof at !== 'number') {
      errors[field] = badInstant(at);
    }
  }
  const from = typeof fromAt === 'number' ? fromAt : null;
  const to = typeof toAt === 'number' ? toAt : null;
  if (from !== null && to !== null) {
    if (to <= from) {
      errors.to = problem('validation_invalid_range', 'Must be after from.');
    } else if (to - from > MAX_EXPAND_WINDOW_MS) {
      errors.to = problem(
        'validation_invalid_range',
        'The window can be at most a year (366 days): expand a long series a year at a time.',
      );
    }
  }
  if (Object.keys(errors).length > 0 || from === null || to === null) {
    return { ok: false, message: INVALID, errors };
  }
  return { ok: true, value: { from, to } };
}
