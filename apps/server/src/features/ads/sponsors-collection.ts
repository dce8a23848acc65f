import { sponsors as definition } from '@airgrid/schema';
import { stampArchivedFlag } from '../../collections/archive-stamp.js';
import {
  CREATES_IN_OWN_ORGANIZATION,
  EDITOR,
  MEMBER,
  STAYS_IN_ORGANIZATION,
} from '../../collections/role-rules.js';
import type { CollectionModule } from '../../records/collection-module.js';

/**
 * The station's sponsors: members read them, staff (editors and above) keep them. Archived,
 * never deleted (but by a superuser): spots, campaigns and affidavits name them.
 */
export const sponsors: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: `${CREATES_IN_OWN_ORGANIZATION} && ${EDITOR}`,
    updateRule: `${MEMBER} && ${EDITOR} && ${STAYS_IN_ORGANIZATION}`,
    deleteRule: null,
  },
  hooks: {
    prepareCreate(values, { now }) {
      stampArchivedFlag(values, null, now);
    },
    beforeUpdate(values, existing, { now }) {
      stampArchivedFlag(values, existing, now);
    },
  },
};
