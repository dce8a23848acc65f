import { waitlist as definition } from '@airgrid/schema';
import type { CollectionModule } from '../records/collection-module.js';

/** People waiting for an account: anyone may join; only superusers read the list. */
export const waitlist: CollectionModule = {
  definition,
  rules: { listRule: null, viewRule: null, createRule: '', updateRule: null, deleteRule: null },
};
