import { defineCollection, type RecordOf } from '../collection.js';
import { bool, date, email, relation, select, text } from '../fields.js';
import { ROLES } from './users.js';

export const invites = defineCollection({
  id: 'pbc_2452428166',
  name: 'invites',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    email('email', { required: true }),
    select('role', ROLES, { required: true }),
    text('token', { hidden: true, system: true }),
    date('expires', { system: true }),
    bool('accepted', { system: true }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization'] },
    { name: 'token', columns: ['token'] },
  ],
});

/** An invitation to join an organization (its token never reaches clients). */
export type InviteRecord = RecordOf<typeof invites>;
