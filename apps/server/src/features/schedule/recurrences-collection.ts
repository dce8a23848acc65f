import {
  fromRecordDate,
  parseExceptions,
  type RecurrenceField,
  snapToQuarterHour,
  validateRecurrence,
} from '@airgrid/domain';
import { recurrences as definition, MAX_DURATION_SEC } from '@airgrid/schema';
import { editorWrites } from '../../collections/role-rules.js';
import {
  type CollectionModule,
  FieldProblem,
  FieldProblems,
} from '../../records/collection-module.js';

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
function recurrenceProblems(values: Readonly<Record<string, unknown>>): FieldProblem[] {
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

/** A local start in year 0 has instants before the first a record date can hold. */
const YEAR_ZERO = /^0000-/;

/**
 * What a record can hold, past the domain's rules: starts in years 1 to 9999 and airings of at
 * most 7 days (the timeslots' own limits), so expanding never makes a timeslot that is refused.
 * Fields the domain already found wrong are left to its message.
 */
function rangeProblems(values: Readonly<Record<string, unknown>>, judged: Set<string>) {
  const problems: FieldProblem[] = [];
  if (!judged.has('startLocal') && YEAR_ZERO.test(String(values.startLocal ?? ''))) {
    problems.push(
      new FieldProblem(
        'startLocal',
        'validation_invalid_recurrence',
        'The start must be in years 0001 to 9999',
      ),
    );
  }
  if (judged.has('exceptions')) return problems;
  let exceptions: ReturnType<typeof parseExceptions>;
  try {
    exceptions = parseExceptions(values.exceptions);
  } catch {
    return problems;
  }
  for (const [key, override] of Object.entries(exceptions)) {
    if ('cancelled' in override && override.cancelled) continue;
    const { durationSec, startLocal } = override as { durationSec?: number; startLocal?: string };
    const problem =
      durationSec !== undefined && durationSec > MAX_DURATION_SEC
        ? `durationSec must be at most ${MAX_DURATION_SEC} seconds (7 days)`
        : startLocal !== undefined && YEAR_ZERO.test(startLocal)
          ? 'startLocal must be in years 0001 to 9999'
          : null;
    if (problem) {
      problems.push(
        new FieldProblem(
          'exceptions',
          'validation_invalid_recurrence',
          `Exception ${key}: ${problem}`,
        ),
      );
      break;
    }
  }
  return problems;
}

function normalizeAndValidate(values: Record<string, unknown>) {
  if (typeof values.durationSec === 'number')
    values.durationSec = snapToQuarterHour(values.durationSec);
  const problems = recurrenceProblems(values);
  if (!TYPED_FIELDS.some((field) => isBlank(values[field])))
    problems.push(...rangeProblems(values, new Set(problems.map((problem) => problem.field))));
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
