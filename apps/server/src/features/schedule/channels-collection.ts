import { isValidTimeZone } from '@airgrid/domain';
import { channels as definition } from '@airgrid/schema';
import { stampArchivedFlag } from '../../collections/archive-stamp.js';
import { editorWrites, MEMBER } from '../../collections/role-rules.js';
import { noteScheduleDeletion } from '../../collections/schedule-deletions-repository.js';
import { type CollectionModule, FieldProblem } from '../../records/collection-module.js';

function checkTimeZone(values: Record<string, unknown>) {
  if (typeof values.timeZone === 'string' && !isValidTimeZone(values.timeZone)) {
    throw new FieldProblem(
      'timeZone',
      'validation_invalid_time_zone',
      'Must be an IANA time zone, e.g. America/New_York.',
    );
  }
}

/**
 * Anyone may read a public channel that is not archived: the watch page, the guide and the
 * feeds show it to viewers who never sign in. Members read all of their organization's.
 */
const PUBLIC_OR_MEMBER = `(${MEMBER}) || (public = true && archived = false)`;

/** Linear channels: members (and, for public ones, anyone) read them; editors manage them. */
export const channels: CollectionModule = {
  definition,
  rules: { ...editorWrites(), listRule: PUBLIC_OR_MEMBER, viewRule: PUBLIC_OR_MEMBER },
  hooks: {
    prepareCreate(values, { now }) {
      checkTimeZone(values);
      stampArchivedFlag(values, null, now);
    },
    beforeUpdate(values, existing, { now }) {
      checkTimeZone(values);
      stampArchivedFlag(values, existing, now);
    },
    beforeDelete: noteScheduleDeletion,
  },
};
