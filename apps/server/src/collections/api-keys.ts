import { apiKeys as definition } from '@airgrid/schema';
import type { CollectionModule } from '../records/collection-module.js';
import { ADMIN, MEMBER, STAYS_IN_ORGANIZATION } from './role-rules.js';

/**
 * API keys for the organization's scripts (auth/api-keys.ts). Owners and admins list them,
 * rename them, change their role or expiry, and delete (revoke) them. Only POST
 * /api/v1/api-keys makes one, so the key can be shown once and only its hash stored: the
 * create rule is the server's. A request made with a key is never an admin (a key's role is
 * viewer or editor), so a key cannot list, change or make keys.
 */
export const apiKeys: CollectionModule = {
  definition,
  rules: {
    listRule: `${MEMBER} && ${ADMIN}`,
    viewRule: `${MEMBER} && ${ADMIN}`,
    createRule: null,
    updateRule: `${MEMBER} && ${ADMIN} && ${STAYS_IN_ORGANIZATION}`,
    deleteRule: `${MEMBER} && ${ADMIN}`,
  },
};
