import { audienceNow as definition } from '@airgrid/schema';
import { MEMBER } from '../../collections/role-rules.js';
import type { CollectionModule } from '../../records/collection-module.js';

/**
 * Viewers watching each channel now (viewers-now.ts): the station's members read it and hear of
 * its changes through realtime; only the server writes it.
 */
export const audienceNow: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  },
};
