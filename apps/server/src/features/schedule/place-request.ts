import { type ChangeMode, fromRecordDate } from '@airgrid/domain';
import type { FieldError } from '../../errors/api-error.js';
import type { Parsed } from './schedule-request.js';

// Reading the body of POST /api/v1/schedule/place: the new timeslot's fields and the overlap mode.

export interface PlaceRequest {
  mode: ChangeMode;
  /** The timeslot's channel and start, read here to plan the push. */
  channel: string;
  start: number;
  durationSec: number;
  /** The timeslot's fields as sent (without `mode`): the record engine checks the rest. */
  fields: Record<string, unknown>;
}

const INVALID = 'An error occurred while validating the submitted data.';
const MODES: readonly ChangeMode[] = ['push', 'no-overlap'];

function problem(code: string, message: string): FieldError {
  return { code, message };
}

/**
 * `{ mode, channel, show, start, durationSec, status?, note?, locked?, organization? }`: the
 * timeslot to create, as the records API takes it, plus the overlap mode. `start` is a record
 * date or ISO 8601 text with its zone; `durationSec` a positive number of seconds.
 */
export function parsePlaceRequest(body: Readonly<Record<string, unknown>>): Parsed<PlaceRequest> {
  const errors: Record<string, FieldError> = {};
  const mode = body.mode;
  if (!MODES.includes(mode as ChangeMode)) {
    errors.mode = problem('validation_invalid_value', 'Must be "push" or "no-overlap".');
  }
  const channel = typeof body.channel === 'string' ? body.channel.trim() : '';
  if (channel === '') errors.channel = problem('validation_required', 'Choose a channel.');
  let start: number | null = null;
  if (typeof body.start !== 'string' || body.start.trim() === '') {
    errors.start = problem('validation_required', 'Give the start of the timeslot.');
  } else if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(body.start.trim())) {
    errors.start = problem(
      'validation_invalid_datetime',
      'Must be an instant with its zone, e.g. 2026-03-10T23:00:00Z.',
    );
  } else {
    start = fromRecordDate(body.start.trim());
    if (start === null) {
      errors.start = problem(
        'validation_invalid_datetime',
        'Must be an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.',
      );
    }
  }
  const duration =
    typeof body.durationSec === 'string' ? Number(body.durationSec) : body.durationSec;
  if (typeof duration !== 'number' || !Number.isFinite(duration) || duration <= 0) {
    errors.durationSec = problem(
      'validation_invalid_value',
      'Must be a number of seconds above zero (rounded to 15 minutes, at least 15).',
    );
  }
  if (Object.keys(errors).length > 0 || start === null || typeof duration !== 'number') {
    return { ok: false, message: INVALID, errors };
  }
  const { mode: _mode, ...fields } = body;
  return {
    ok: true,
    value: { mode: mode as ChangeMode, channel, start, durationSec: duration, fields },
  };
}
