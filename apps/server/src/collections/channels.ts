import { isValidTimeZone } from '@airgrid/domain';
import { channels as definition } from '@airgrid/schema';
import { type CollectionModule, FieldProblem } from './collection-module.js';
import { editorWrites } from './role-rules.js';

function checkTimeZone(values: Record<string, unknown>) {
  if (typeof values.timeZone === 'string' && !isValidTimeZone(values.timeZone)) {
    throw new FieldProblem(
      'timeZone',
      'validation_invalid_time_zone',
      'Must be an IANA time zone, e.g. America/New_York.',
    );
  }
}

/** Linear channels: members read them, editors and above manage them. */
export const channels: CollectionModule = {
  definition,
  rules: editorWrites(),
  hooks: { beforeCreate: checkTimeZone, beforeUpdate: checkTimeZone },
};
