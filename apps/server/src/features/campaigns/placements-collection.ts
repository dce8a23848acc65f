import { placements as definition } from '@airgrid/schema';
import { MEMBER } from '../../collections/role-rules.js';
import type { CollectionModule } from '../../records/collection-module.js';

/**
 * Spots placed in the schedule's breaks (placement-service.ts): members read them; only the
 * server writes them, from packages/domain's `placeSpots`, so no client can place a spot the
 * rules would refuse.
 */
export const placements: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  },
};
