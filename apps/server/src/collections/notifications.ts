import { notifications as definition } from '@airgrid/schema';
import type { CollectionModule } from '../records/collection-module.js';

const OWN = '@request.auth.id != "" && user = @request.auth.id';
// Dismissing is the one change a user makes: PATCH {read: true}. Everything else is the server's.
const ONLY_READ =
  '@request.body.user:isset = false && @request.body.title:isset = false && @request.body.body:isset = false && ' +
  '@request.body.type:isset = false && @request.body.path:isset = false && @request.body.img:isset = false';

/** A user's notifications: only they see and dismiss them; the server creates them (notify()). */
export const notifications: CollectionModule = {
  definition,
  rules: {
    listRule: OWN,
    viewRule: OWN,
    createRule: null,
    updateRule: `${OWN} && ${ONLY_READ}`,
    deleteRule: OWN,
  },
};
