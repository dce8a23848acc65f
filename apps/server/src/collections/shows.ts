import { shows as definition } from '@airgrid/schema';
import { stampArchive } from './archive-stamp.js';
import type { CollectionModule } from './collection-module.js';
import { EDITOR, MEMBER, STAYS_IN_ORGANIZATION } from './role-rules.js';
import { noteScheduleDeletion } from './schedule-deletions-repository.js';

// Producers manage the shows they produce, and cannot hand them to someone else.
const OWN_SHOW = '@request.auth.role = "producer" && producer = @request.auth.id';
const KEEPS_PRODUCER =
  '(@request.body.producer:isset = false || @request.body.producer = @request.auth.id)';

const stampShowArchive = stampArchive((values) => values.status === 'archived');

/** The catalogue: members read it; editors manage every show, producers their own. */
export const shows: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: `${MEMBER} && (${EDITOR} || (@request.auth.role = "producer" && producer = @request.auth.id))`,
    updateRule: `${MEMBER} && ${STAYS_IN_ORGANIZATION} && (${EDITOR} || (${OWN_SHOW} && ${KEEPS_PRODUCER}))`,
    deleteRule: `${MEMBER} && (${EDITOR} || ${OWN_SHOW})`,
  },
  hooks: {
    beforeCreate: (values, { now }) => stampShowArchive(values, null, now),
    beforeUpdate: (values, existing, { now }) => stampShowArchive(values, existing, now),
    beforeDelete: noteScheduleDeletion,
  },
};
