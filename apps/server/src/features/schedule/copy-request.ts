import type { FieldError } from '../../errors/api-error.js';
import type { Parsed } from './schedule-request.js';

// Reading the body of POST /api/v1/schedule/copy: every mistake gets a message under its field.

export interface CopyRequest {
  /** The organization, for superusers (a member's own is used otherwise). */
  organization: string | null;
  /** The first and last local dates copied (inclusive), on each channel's clock. */
  from: string;
  to: string;
  /** The channels copied; empty = every channel of the organization. */
  channels: string[];
  /** The local date each copy starts on. */
  targets: string[];
  dryRun: boolean;
  /** Copy what fits and leave out the airings that would collide, instead of refusing. */
  skipCollisions: boolean;
}

/** The longest source: two weeks. */
export const MAX_COPY_DAYS = 14;
/** The most copies of the source in one request: a year of weeks. */
export const MAX_COPY_TARGETS = 53;

const INVALID = 'An error occurred while validating the submitted data.';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[a-z0-9]{15}$/;
const DAY_MS = 86_400_000;

function problem(code: string, message: string): FieldError {
  return { code, message };
}

/** Epoch days of a real calendar date (no 31 February), or null. */
export function dayNumber(value: unknown): number | null {
  if (typeof value !== 'string' || !DATE.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return null;
  return ms / DAY_MS;
}

/** `{ from, to?, channels?, targets, dryRun?, skipCollisions?, organization? }`. */
export function parseCopyRequest(body: Readonly<Record<string, unknown>>): Parsed<CopyRequest> {
  const errors: Record<string, FieldError> = {};
  const from = dayNumber(body.from);
  if (from === null) {
    errors.from = problem('validation_invalid_value', 'Must be the first day to copy, YYYY-MM-DD.');
  }
  const toValue = body.to === undefined || body.to === null || body.to === '' ? body.from : body.to;
  const to = dayNumber(toValue);
  if (to === null) {
    errors.to = problem('validation_invalid_value', 'Must be the last day to copy, YYYY-MM-DD.');
  } else if (from !== null && to < from) {
    errors.to = problem('validation_invalid_range', 'Must be on or after the first day.');
  } else if (from !== null && to - from + 1 > MAX_COPY_DAYS) {
    errors.to = problem(
      'validation_invalid_range',
      `Copy at most ${MAX_COPY_DAYS} days at a time: a day or a week, say.`,
    );
  }
  let channels: string[] = [];
  if (body.channels !== undefined && body.channels !== null) {
    if (
      !Array.isArray(body.channels) ||
      !body.channels.every((id) => typeof id === 'string' && ID.test(id))
    ) {
      errors.channels = problem(
        'validation_invalid_value',
        'Must be a list of channel ids, or left out for every channel.',
      );
    } else channels = [...new Set(body.channels as string[])];
  }
  const targets: string[] = [];
  if (!Array.isArray(body.targets) || body.targets.length === 0) {
    errors.targets = problem(
      'validation_required',
      'Give at least one date to copy to (the first day of each copy), YYYY-MM-DD.',
    );
  } else if (body.targets.length > MAX_COPY_TARGETS) {
    errors.targets = problem(
      'validation_invalid_range',
      `Copy to at most ${MAX_COPY_TARGETS} dates at a time.`,
    );
  } else {
    for (const target of body.targets) {
      if (dayNumber(target) === null) {
        errors.targets = problem(
          'validation_invalid_value',
          `"${String(target)}" is not a date: give each target as YYYY-MM-DD.`,
        );
        break;
      }
      if (!targets.includes(target as string)) targets.push(target as string);
    }
  }
  if (!errors.targets && from !== null && to !== null && !errors.to) {
    const length = to - from + 1;
    const days = targets.map((target) => dayNumber(target) ?? 0).sort((a, b) => a - b);
    if (days.some((day) => day > from - length && day < from + length)) {
      errors.targets = problem(
        'validation_invalid_value',
        'A copy cannot overlap the days it copies: choose dates after (or before) them.',
      );
    } else if (days.some((day, index) => index > 0 && day - (days[index - 1] ?? 0) < length)) {
      errors.targets = problem(
        'validation_invalid_value',
        `The copies would overlap each other: start them at least ${length} day${length === 1 ? '' : 's'} apart.`,
      );
    }
  }
  let organization: string | null = null;
  if (body.organization !== undefined && body.organization !== null && body.organization !== '') {
    if (typeof body.organization !== 'string' || !ID.test(body.organization)) {
      errors.organization = problem('validation_invalid_value', 'Must be an organization id.');
    } else organization = body.organization;
  }
  for (const flag of ['dryRun', 'skipCollisions'] as const) {
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean') {
      errors[flag] = problem('validation_invalid_value', 'Must be true or false.');
    }
  }
  if (Object.keys(errors).length > 0 || typeof body.from !== 'string') {
    return { ok: false, message: INVALID, errors };
  }
  return {
    ok: true,
    value: {
      organization,
      from: body.from,
      to: String(toValue),
      channels,
      targets,
      dryRun: body.dryRun === true,
      skipCollisions: body.skipCollisions === true,
    },
  };
}
