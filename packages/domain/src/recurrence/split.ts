// "This and following" edits: a recurrence split in two at one instance.
import { formatLocalMinute, parseLocalMinute, type WallTime } from './civil.js';
import { RecurrenceError } from './errors.js';
import type { RecurrenceInput } from './expand.js';
import { prepareSeries, ruleInstances } from './instances.js';
import type { RecurrenceExceptions } from './overrides.js';
import { formatRule } from './rule.js';

export interface RecurrenceSplit {
  /**
   * The series up to the instance before `atKey`: COUNT becomes the number of instances before
   * it, or UNTIL (and `until`) the start of the last one. Null when `atKey` is the first
   * instance: the whole series is "this and following".
   */
  before: RecurrenceInput | null;
  /**
   * The series from `atKey` on: it starts there (startLocal = atKey), with what is left of
   * COUNT, and generates exactly the instances the original had from there.
   */
  after: RecurrenceInput;
}

/**
 * Splits a recurrence at one of its instances, for an edit of "this and following". Overrides
 * go with the half that holds their instance (keys before `atKey` stay before). The caller then
 * edits `after` (another time, show, or rule) and saves both; overrides in `after` are keyed by
 * the old starts, so an edit that changes the time of day should drop or re-key them.
 *
 * Throws a RecurrenceError when `atKey` is not an instance of the rule.
 */
export function splitRecurrence(recurrence: RecurrenceInput, atKey: string): RecurrenceSplit {
  const series = prepareSeries(recurrence);
  const at = parseLocalMinute(atKey);
  let previous: WallTime | null = null;
  let before = 0;
  let found = false;
  if (at && at.minutes === series.start.minutes) {
    for (const { wall } of ruleInstances(series, series.start.day, at.day)) {
      if (wall.day === at.day) {
        found = true;
        break;
      }
      previous = wall;
      before++;
    }
  }
  if (!found) throw new RecurrenceError(`${atKey} is not an instance of this recurrence`);

  const { rule } = series;
  const earlier: RecurrenceExceptions = {};
  const later: RecurrenceExceptions = {};
  for (const [key, override] of Object.entries(recurrence.exceptions ?? {})) {
    // Keys share one fixed-width format, so text order is time order.
    (key < atKey ? earlier : later)[key] = override;
  }
  const after: RecurrenceInput = {
    ...recurrence,
    rrule: formatRule(rule.count === undefined ? rule : { ...rule, count: rule.count - before }),
    startLocal: formatLocalMinute({ day: at?.day ?? 0, minutes: series.start.minutes }),
    exceptions: later,
  };
  if (previous === null) return { before: null, after };

  const lastStart = series.zone.toInstant(previous);
  return {
    before: {
      ...recurrence,
      rrule: formatRule(
        rule.count === undefined
          ? { ...rule, until: { kind: 'utc', epochMs: lastStart } }
          : { ...rule, count: before },
      ),
      until: lastStart,
      exceptions: earlier,
    },
    after,
  };
}
