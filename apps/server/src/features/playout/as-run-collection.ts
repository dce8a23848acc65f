import { asRun as definition } from '@airgrid/schema';
import { MEMBER } from '../../collections/role-rules.js';
import type { CollectionModule } from '../../records/collection-module.js';

/**
 * The as-run log (as-run-recorder.ts): members browse what their channels aired; only the
 * server writes it, from the same function as the live playlist, so no client can alter it.
 */
export const asRun: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  },
};
