import { superusers as definition } from '@airgrid/schema';
import type { CollectionModule } from '../records/collection-module.js';

/** Superusers: every rule is locked, so only superusers (and the CLI) reach them. */
export const superusers: CollectionModule = {
  definition,
  rules: {
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    authRule: '',
    manageRule: null,
  },
};
