import { defineCollection, type RecordOf } from '../collection.js';
import { date, relation, select, text } from '../fields.js';
import type { Role } from './users.js';

/**
 * The roles an API key may carry (issue 19): read-only (`viewer`) or `editor`. A key never
 * manages members, keys or the organization, whatever its creator may do.
 */
export const API_KEY_ROLES = ['viewer', 'editor'] as const satisfies readonly Role[];
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** Every API key starts with this, so a token is told from a sign-in token at a glance. */
export const API_KEY_PREFIX = 'agk_';

/**
 * A key a station's own scripts use instead of signing in (`Authorization: Bearer agk_…`, or
 * `pb.authStore.save(key)` in the SDK). Only a hash of the key is kept; the key itself is shown
 * once, by POST /api/v1/api-keys, which is the only way to make one. A request with a key acts
 * as this record: rules read its organization and role like a member's.
 */
export const apiKeys = defineCollection({
  id: 'pbc_2332478454',
  name: 'apiKeys',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 100 }),
    select('role', API_KEY_ROLES, { required: true }),
    text('prefix', { system: true, max: 20 }),
    text('keyHash', { system: true, hidden: true, max: 64 }),
    date('expires'),
    date('lastUsed', { system: true }),
    relation('createdBy', 'users', { system: true }),
  ],
  indexes: [
    { name: 'createdBy', columns: ['createdBy'] },
    { name: 'keyHash', columns: ['keyHash'], unique: true },
    { name: 'organization', columns: ['organization', 'created'] },
  ],
});

/** An API key as its organization's owners and admins see it: never the key itself. */
export type ApiKeyRecord = RecordOf<typeof apiKeys>;
