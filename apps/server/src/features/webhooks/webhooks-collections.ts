import {
  webhookDeliveries as deliveriesDefinition,
  webhooks as webhooksDefinition,
} from '@airgrid/schema';
import { ADMIN, MEMBER } from '../../collections/role-rules.js';
import type { CollectionModule } from '../../records/collection-module.js';

/**
 * Signed webhooks (decision 0032). Owners and admins list, view and delete them; they are made
 * and changed only by POST and PATCH /api/v1/webhooks (features/webhooks/), which check the
 * receiver's address (https, not a private network) outside any transaction and make the
 * signing secret, so the create and update rules are the server's. A request made with an API
 * key is never an admin, so a key cannot reach them.
 */
export const webhooks: CollectionModule = {
  definition: webhooksDefinition,
  rules: {
    listRule: `${MEMBER} && ${ADMIN}`,
    viewRule: `${MEMBER} && ${ADMIN}`,
    createRule: null,
    updateRule: null,
    deleteRule: `${MEMBER} && ${ADMIN}`,
  },
};

/** Each webhook's delivery log: read by owners and admins, written by the server only. */
export const webhookDeliveries: CollectionModule = {
  definition: deliveriesDefinition,
  rules: {
    listRule: `${MEMBER} && ${ADMIN}`,
    viewRule: `${MEMBER} && ${ADMIN}`,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  },
};
