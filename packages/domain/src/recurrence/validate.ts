// Field-by-field checks of a recurrence record, for form and server field errors.
import { RecurrenceError } from './errors.js';
import { firstOccurrenceKey, isOccurrenceKey } from './expand.js';
import { prepareSeries } from './instances.js';
import { parseExceptions, type RecurrenceExceptions } from './overrides.js';
import { parseRule, type RecurrenceRule } from './rule.js';

export type RecurrenceField = 'rrule' | 'timeZone' | 'startLocal' | 'durationSec' | 'exceptions';

/** What a person typed into a recurrence form or sent to the API, before any checks. */
export interface RecurrenceFields {
  rrule: string;
  timeZone: string;
  startLocal: string;
  durationSec: number;
  until?: number | null;
  exceptions?: unknown;
}

const messageOf = (error: unknown): string => {
  if (error instanceof RecurrenceError) return error.message;
  throw error;
};

/**
 * The error message of each field that is wrong; empty when the recurrence can be saved. Beyond
 * each field on its own it checks that the rule produces at least one instance from the start
 * and that every exception is keyed by an instance of the rule.
 */
export function validateRecurrence(
  fields: RecurrenceFields,
): Partial<Record<RecurrenceField, string>> {
  const errors: Partial<Record<RecurrenceField, string>> = {};
  let rule: RecurrenceRule | null = null;
  try {
    rule = parseRule(fields.rrule);
  } catch (error) {
    errors.rrule = messageOf(error);
  }
  let exceptions: RecurrenceExceptions = {};
  try {
    exceptions = parseExceptions(fields.exceptions);
  } catch (error) {
    errors.exceptions = messageOf(error);
  }
  const series = { ...fields, rrule: rule ?? 'FREQ=DAILY', exceptions };
  for (const [field, probe] of [
    ['timeZone', { ...series, startLocal: '2000-01-01T00:00', durationSec: 900 }],
    ['startLocal', { ...series, timeZone: 'UTC', durationSec: 900 }],
    ['durationSec', { ...series, timeZone: 'UTC', startLocal: '2000-01-01T00:00' }],
  ] as const) {
    try {
      prepareSeries({ ...probe, until: null });
    } catch (error) {
      errors[field] = messageOf(error);
    }
  }
  if (Object.keys(errors).length > 0 || rule === null) return errors;

  try {
    if (firstOccurrenceKey(series) === null) {
      errors.rrule = 'The rule ends before its first instance: check UNTIL and the start';
      return errors;
    }
  } catch (error) {
    messageOf(error);
    errors.rrule = `The rule never produces an instance from ${fields.startLocal}: check BYMONTH, BYMONTHDAY and BYDAY`;
    return errors;
  }
  const stray = Object.keys(exceptions).find((key) => !isOccurrenceKey(series, key));
  if (stray !== undefined) {
    errors.exceptions = `Exception ${stray} is not an instance of this recurrence`;
  }
  return errors;
}
