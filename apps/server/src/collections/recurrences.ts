import { isValidTimeZone, snapToQuarterHour } from '@airgrid/domain';
import { recurrences as definition } from '@airgrid/schema';
import { type CollectionModule, FieldProblem } from './collection-module.js';
import { editorWrites } from './role-rules.js';

function normalize(values: Record<string, unknown>) {
  if (typeof values.durationSec === 'number')
    values.durationSec = snapToQuarterHour(values.durationSec);
  if (typeof values.timeZone === 'string' && !isValidTimeZone(values.timeZone)) {
    throw new FieldProblem(
      'timeZone',
      'validation_invalid_time_zone',
      'Must be an IANA time zone, e.g. America/New_York.',
    );
  }
}

/** Repeating airings (RRULE in the channel's zone): members read them, editors manage them. */
export const recurrences: CollectionModule = {
  definition,
  rules: editorWrites(),
  hooks: { beforeCreate: normalize, beforeUpdate: normalize },
};
