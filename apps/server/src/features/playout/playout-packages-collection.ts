import { playoutPackages as definition } from '@airgrid/schema';
import { MEMBER } from '../../collections/role-rules.js';
import type { CollectionModule } from '../../records/collection-module.js';

/**
 * Media packaged for playout (playout-package-job.ts): members see what is ready to air; only the
 * packaging jobs create and delete them.
 */
export const playoutPackages: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  },
};
