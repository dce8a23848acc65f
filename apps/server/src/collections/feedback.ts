import { feedback as definition } from '@airgrid/schema';
import type { CollectionModule } from '../records/collection-module.js';

/** Feedback from the in-app form: anyone may send it; only superusers read it. */
export const feedback: CollectionModule = {
  definition,
  rules: {
    listRule: null,
    viewRule: null,
    // A signed-in sender can only sign as themselves.
    createRule: '@request.body.user:isset = false || @request.body.user = @request.auth.id',
    updateRule: null,
    deleteRule: null,
  },
  hooks: {
    prepareCreate(values, { auth }) {
      if (auth && !values.user) values.user = auth.id;
      if (auth && !values.email && typeof auth.email === 'string') values.email = auth.email;
    },
  },
};
