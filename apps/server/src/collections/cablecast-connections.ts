import { cablecastConnections as definition } from '@airgrid/schema';
import type { CollectionModule } from './collection-module.js';
import { ADMIN, MEMBER } from './role-rules.js';

/**
 * An organization's Cablecast server (features/cablecast/). Owners and admins read it and may
 * delete it (disconnect); only /api/v1/cablecast writes it, because the address is checked and
 * the credentials encrypted there, and a client can never set or read them.
 */
export const cablecastConnections: CollectionModule = {
  definition,
  rules: {
    listRule: `${MEMBER} && ${ADMIN}`,
    viewRule: `${MEMBER} && ${ADMIN}`,
    createRule: null,
    updateRule: null,
    deleteRule: `${MEMBER} && ${ADMIN}`,
  },
};
