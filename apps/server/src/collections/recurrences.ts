import {
  fromRecordDate,
  type RecurrenceField,
  snapToQuarterHour,
  validateRecurrence,
} from '@airgrid/domain';
import { recurrences as definition } from '@airgrid/schema';
import { type CollectionModule, FieldProblem, FieldProblems } from './collection-module.js';
import { editorWrites } from './role-rules.js';

/** The recurrence fields a person types; a blank one is left to the required-field check. */
const TYPED_FIELDS: readonly RecurrenceField[] = ['rrule', 'timeZone', 'startLocal', 'durationSec'];

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * The domain's field-by-field verdict on a recurrence (validateRecurrence), as field problems:
 * the rule's supported subset, the zone, the start, the duration, and every exception keyed by an
 * instance of the rule. Messages are the domain's own, so the form and the API say the same.
 * A blank required field gets the engine's "Cannot be blank." instead, and the rest is not
 * judged against it.
 */
export function recurrenceProblems(values: Readonly<Record<string, unknown>>): FieldProblem[] {
  if (TYPED_FIELDS.some((field) => isBlank(values[field]))) return [];
  const until = typeof values.until === 'string' ? fromRecordDate(values.until) : null;
  const errors = validateRecurrence({
    rrule: String(values.rrule),
    timeZone: String(values.timeZone),
    startLocal: String(values.startLocal),
    durationSec: Number(values.durationSec),
    until,
    exceptions: values.exceptions,
  });
  return Object.entries(errors).map(
    ([field, message]) =>
      new FieldProblem(
        field,
        field === 'timeZone' ? 'validation_invalid_time_zone' : 'validation_invalid_recurrence',
        message,
      ),
  );
}

function normalizeAndValidate(values: Record<string, unknown>) {
  if (typeof values.durationSec === 'number')
    values.durationSec = snapToQuarterHour(values.durationSec);
  const problems = recurrenceProblems(values);
  if (problems.length > 0) throw new FieldProblems(problems);
}

/**
 * Repeating airings (RRULE in the channel's zone): members read them, editors manage them. A
 * recurrence is saved only when the domain can expand it (docs/decisions/0010-recurrence.md).
 */
export const recurrences: CollectionModule = {
  definition,
  rules: editorWrites(),
  hooks: {
    beforeCreate: normalizeAndValidate,
    beforeUpdate: (values) => normalizeAndValidate(values),
  },
};
