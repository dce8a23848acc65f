import { MAX_DURATION_SEC } from '@airgrid/schema';
import type { FieldError } from '../../errors/api-error.js';
import type { Parsed } from './schedule-request.js';

// Reading the bodies of the series endpoints (POST /api/v1/schedule/recurrences/:id/edit and
// .../delete): every mistake gets a message under its field.

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

export interface SeriesEditRequest {
  scope: SeriesScope;
  pivot: SeriesPivot;
  changes: SeriesChanges;
}

export interface SeriesDeleteRequest {
  scope: SeriesScope;
  pivot: SeriesPivot;
}

const INVALID = 'An error occurred while validating the submitted data.';
const SCOPES: readonly SeriesScope[] = ['following', 'series'];
const KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ID = /^[a-z0-9]{15}$/;
const MAX_NOTE = 2000;
const MAX_RRULE = 500;

function problem(code: string, message: string): FieldError {
  return { code, message };
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A real calendar date (no 31 February). */
function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

function readScope(body: Readonly<Record<string, unknown>>, errors: Record<string, FieldError>) {
  const scope = body.scope;
  if (!SCOPES.includes(scope as SeriesScope)) {
    errors.scope = problem(
      isBlank(scope) ? 'validation_required' : 'validation_invalid_value',
      'Must be "following" (this airing and the later ones) or "series" (the whole series).',
    );
    return null;
  }
  return scope as SeriesScope;
}

function readPivot(
  body: Readonly<Record<string, unknown>>,
  scope: SeriesScope | null,
  errors: Record<string, FieldError>,
): SeriesPivot {
  const value = body.occurrence;
  if (isBlank(value)) {
    if (scope === 'following') {
      errors.occurrence = problem(
        'validation_required',
        'Give the airing the change starts from: its occurrence, YYYY-MM-DDTHH:mm.',
      );
    }
    return null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (KEY.test(text) && isCalendarDate(text.slice(0, 10)) && TIME.test(text.slice(11))) {
    return { kind: 'key', key: text };
  }
  if (DATE.test(text) && isCalendarDate(text)) return { kind: 'date', date: text };
  errors.occurrence = problem(
    'validation_invalid_value',
    'Must be an airing’s occurrence (YYYY-MM-DDTHH:mm, its original local start) or a local date (YYYY-MM-DD).',
  );
  return null;
}

function readChanges(value: unknown, errors: Record<string, FieldError>): SeriesChanges {
  const changes: SeriesChanges = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.changes = problem(
      'validation_required',
      'Give the changes: show, channel, time, durationSec, note or rrule.',
    );
    return changes;
  }
  const fields = value as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!['show', 'channel', 'time', 'durationSec', 'note', 'rrule'].includes(name)) {
      errors[name] = problem(
        'validation_unknown_field',
        `"${name}" cannot be changed for a series: change show, channel, time, durationSec, note or rrule.`,
      );
    }
  }
  for (const name of ['show', 'channel'] as const) {
    const id = fields[name];
    if (id === undefined) continue;
    if (typeof id !== 'string' || !ID.test(id)) {
      errors[name] = problem(
        'validation_invalid_value',
        `Must be the id of a ${name} of your organization.`,
      );
    } else changes[name] = id;
  }
  if (fields.time !== undefined) {
    const time = typeof fields.time === 'string' ? fields.time.trim() : '';
    const match = TIME.exec(time);
    if (!match) {
      errors.time = problem('validation_invalid_value', 'Must be a time of day, HH:mm (24-hour).');
    } else if (Number(match[2]) % 15 !== 0) {
      errors.time = problem(
        'validation_invalid_value',
        'Must be on the quarter hour (:00, :15, :30 or :45).',
      );
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
      errors.durationSec = problem(
        'validation_invalid_value',
        `Must be whole quarter hours in seconds, from 900 (15 minutes) to ${MAX_DURATION_SEC} (7 days).`,
      );
    } else changes.durationSec = duration;
  }
  if (fields.note !== undefined) {
    if (typeof fields.note !== 'string' || fields.note.length > MAX_NOTE) {
      errors.note = problem(
        'validation_invalid_value',
        `Must be text of at most ${MAX_NOTE} characters.`,
      );
    } else changes.note = fields.note;
  }
  if (fields.rrule !== undefined) {
    const rrule =
      typeof fields.rrule === 'string' ? fields.rrule.trim().replace(/^RRULE:/i, '') : '';
    if (rrule === '' || rrule.length > MAX_RRULE) {
      errors.rrule = problem(
        'validation_invalid_value',
        `Must be an RRULE of at most ${MAX_RRULE} characters, e.g. FREQ=WEEKLY;BYDAY=MO.`,
      );
    } else changes.rrule = rrule;
  }
  if (Object.keys(errors).length === 0 && Object.keys(changes).length === 0) {
    errors.changes = problem(
      'validation_required',
      'Nothing to change: give at least one of show, channel, time, durationSec, note or rrule.',
    );
  }
  return changes;
}

/** `{ scope, occurrence, changes }` for POST /api/v1/schedule/recurrences/:id/edit. */
export function parseSeriesEdit(
  body: Readonly<Record<string, unknown>>,
): Parsed<SeriesEditRequest> {
  const errors: Record<string, FieldError> = {};
  const scope = readScope(body, errors);
  const pivot = readPivot(body, scope, errors);
  const changes = readChanges(body.changes, errors);
  if (Object.keys(errors).length > 0 || scope === null)
    return { ok: false, message: INVALID, errors };
  return { ok: true, value: { scope, pivot, changes } };
}

/** `{ scope, occurrence }` for POST /api/v1/schedule/recurrences/:id/delete. */
export function parseSeriesDelete(
  body: Readonly<Record<string, unknown>>,
): Parsed<SeriesDeleteRequest> {
  const errors: Record<string, FieldError> = {};
  const scope = readScope(body, errors);
  const pivot = readPivot(body, scope, errors);
  if (Object.keys(errors).length > 0 || scope === null)
    return { ok: false, message: INVALID, errors };
  return { ok: true, value: { scope, pivot } };
}
