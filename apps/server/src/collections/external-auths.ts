import { externalAuths as definition } from '@airgrid/schema';
import type { CollectionModule } from '../records/collection-module.js';

const OWNER =
  '@request.auth.id != "" && recordRef = @request.auth.id && collectionRef = @request.auth.collectionId';

/** Links to OAuth2 identities: their owner lists and unlinks them (API-CONTRACT §4.4). */
export const externalAuths: CollectionModule = {
  definition,
  rules: {
    listRule: OWNER,
    viewRule: OWNER,
    createRule: null,
    updateRule: null,
    deleteRule: OWNER,
  },
};
