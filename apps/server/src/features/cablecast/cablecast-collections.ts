import {
  cablecastConnections as connectionDefinition,
  cablecastSyncs as syncsDefinition,
} from '@airgrid/schema';
import { ADMIN, MEMBER } from '../../collections/role-rules.js';
import type { CollectionModule } from '../../records/collection-module.js';

const ADMINS = `${MEMBER} && ${ADMIN}`;

/**
 * An organization's Cablecast server (features/cablecast/). Owners and admins read it and may
 * delete it (disconnect); only /api/v1/cablecast writes it, because the address is checked and
 * the credentials encrypted there, and a client can never set or read them.
 */
export const cablecastConnections: CollectionModule = {
  definition: connectionDefinition,
  rules: {
    listRule: ADMINS,
    viewRule: ADMINS,
    createRule: null,
    updateRule: null,
    deleteRule: ADMINS,
  },
};

/** The sync's runs and their reports: owners and admins read them; the sync writes them. */
export const cablecastSyncs: CollectionModule = {
  definition: syncsDefinition,
  rules: {
    listRule: ADMINS,
    viewRule: ADMINS,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  },
};
