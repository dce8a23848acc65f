import { defineCollection, type RecordOf } from '../collection.js';
import { date, image, json, relation, select, text } from '../fields.js';

export const ROLES = ['owner', 'admin', 'editor', 'producer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Editors and above: the roles that create, edit and archive the station's channels, every show
 * and its embeds. Producers manage only their own shows; viewers read.
 */
export const EDITOR_ROLES: readonly Role[] = ['owner', 'admin', 'editor'];

/** Whether a member with this role is an editor or above (see `EDITOR_ROLES`). */
export function isEditorRole(role: unknown): boolean {
  return typeof role === 'string' && (EDITOR_ROLES as readonly string[]).includes(role);
}

/** Owners and admins: the roles that manage members, invites and the organization. */
export const ADMIN_ROLES: readonly Role[] = ['owner', 'admin'];

/** Whether a member with this role manages members (see `ADMIN_ROLES`). */
export function isAdminRole(role: unknown): boolean {
  return typeof role === 'string' && (ADMIN_ROLES as readonly string[]).includes(role);
}

export const users = defineCollection({
  id: '_pb_users_auth_',
  name: 'users',
  type: 'auth',
  fields: [
    text('name', { max: 255 }),
    text('username', { max: 64, pattern: '^[\\w][\\w\\.\\-]*$' }),
    text('phone', { max: 32, rules: 'phone' }),
    text('bio', { max: 2000 }),
    image('avatar'),
    relation('organization', 'organizations'),
    select('role', ROLES),
    select('privileges', ['admin'], { maxSelect: 8 }),
    json('settings'),
    // When the user took their organization, and their last password sign-in (server-set).
    date('joined', { system: true }),
    date('lastSignIn', { system: true }),
  ],
  indexes: [
    { name: 'email', columns: ['lower(email)'], unique: true, where: "email <> ''" },
    { name: 'organization', columns: ['organization'] },
    { name: 'token_key', columns: ['tokenKey'], unique: true },
  ],
});

/** A user as members of the same organization see them (their email only when they show it). */
export type MemberRecord = Omit<
  RecordOf<typeof users, { role: Role | '' }>,
  'email' | 'emailVisibility' | 'verified' | 'privileges' | 'settings'
> & { email?: string };
