import { waitlist as definition } from '@airgrid/schema';
import type { CollectionModule } from '../../records/collection-module.js';

/**
 * People waiting for an account. Only superusers read, change or remove entries; everyone else
 * joins through POST /api/v1/waitlist (waitlist-service.ts), which keeps one entry per address
 * and says nothing about who is already waiting. Addresses are kept in lower case.
 */
export const waitlist: CollectionModule = {
  definition,
  rules: { listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null },
  hooks: {
    prepareCreate(values) {
      if (typeof values.email === 'string') values.email = values.email.trim().toLowerCase();
    },
    beforeUpdate(values) {
      if (typeof values.email === 'string') values.email = values.email.trim().toLowerCase();
    },
  },
};
