import { remittances as definition } from '@airgrid/schema';
import type { CollectionModule } from '../records/collection-module.js';
import { adminOnly } from './role-rules.js';

/**
 * Where sponsor invoices ask to be paid (bank, account name, routing number): one record per
 * organization (a unique index), read and written by its owners and admins only. Editors,
 * producers and viewers read the organization but never this.
 */
export const remittances: CollectionModule = {
  definition,
  rules: adminOnly(),
};
