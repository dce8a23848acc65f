import { toRecordDate } from '@airgrid/domain';
import { users as definition } from '@airgrid/schema';
import { ApiError } from '../errors/api-error.js';
import {
  type CollectionModule,
  FieldProblem,
  type HookContext,
} from '../records/collection-module.js';
import { forgetLinksOf } from './external-auths-repository.js';
import {
  currentRole,
  keepProducerNames,
  lockMemberships,
  otherOwners,
} from './memberships-repository.js';
import { ADMIN } from './role-rules.js';

const SELF = 'id = @request.auth.id';
const SAME_ORGANIZATION = 'organization != "" && organization = @request.auth.organization';
// Membership and privileges change only through organizations, invites and admins.
const KEEPS_MEMBERSHIP =
  '@request.body.organization:isset = false && @request.body.role:isset = false && @request.body.privileges:isset = false';
// ... except that a member may leave: organization "" (and role "", or no role at all).
const LEAVES =
  '@request.body.organization:isset = true && @request.body.organization = "" && ' +
  '(@request.body.role:isset = false || @request.body.role = "") && @request.body.privileges:isset = false';
// An admin may change a member's role or remove them, but only an owner makes owners.
const ADMIN_MANAGES_MEMBER =
  `${SAME_ORGANIZATION} && id != @request.auth.id && ${ADMIN} && ` +
  '(@request.body.organization:isset = false || @request.body.organization = "") && ' +
  '(@request.body.role != "owner" || @request.auth.role = "owner") && ' +
  '(role != "owner" || @request.auth.role = "owner") && @request.body.privileges:isset = false';

/** The messages of the one rule the API rules cannot say: an organization keeps an owner. */
export const LAST_OWNER = {
  demoted: 'An organization needs an owner: make another member owner before changing this role.',
  leaves: 'You are the last owner: make another member owner before leaving the organization.',
  removed: 'The last owner cannot be removed: make another member owner first.',
  deleted:
    'You are the last owner of your organization: make another member owner before deleting your account.',
} as const;

async function leaveOrganization(
  existing: Readonly<Record<string, unknown>>,
  { trx, now, changed }: HookContext,
) {
  const organization = String(existing.organization);
  const name = String(existing.name || existing.email || '');
  for (const show of await keepProducerNames(
    trx,
    organization,
    String(existing.id),
    name,
    toRecordDate(now),
  ))
    await changed('shows', show);
}

/**
 * Whether the organization still has an owner once this user is no longer one. Runs under the
 * organization's membership lock, on the roles as committed now, so owners leaving or demoting
 * each other at the same moment cannot both go (memberships-repository.ts).
 */
async function keepsAnOwner(trx: HookContext['trx'], organization: string, userId: string) {
  await lockMemberships(trx, organization);
  if ((await currentRole(trx, organization, userId)) !== 'owner') return true;
  return (await otherOwners(trx, organization, userId)) > 0;
}

/**
 * People. Anyone may sign up (but not into an organization); members see each other; a user
 * edits their own profile or leaves; admins change members' roles or remove them. Whoever
 * leaves, the organization keeps an owner and the shows keep their producer's name.
 */
export const users: CollectionModule = {
  definition,
  rules: {
    listRule: `${SELF} || (${SAME_ORGANIZATION})`,
    viewRule: `${SELF} || (${SAME_ORGANIZATION})`,
    createRule: KEEPS_MEMBERSHIP,
    updateRule: `(${SELF} && (${KEEPS_MEMBERSHIP} || (${LEAVES}))) || (${ADMIN_MANAGES_MEMBER})`,
    deleteRule: SELF,
    authRule: '',
    manageRule: null,
  },
  hooks: {
    async beforeUpdate(values, existing, context) {
      const organization = String(existing.organization ?? '');
      if (!organization) return;
      const leaving = !values.organization;
      if (leaving) {
        values.role = '';
        values.joined = '';
      }
      const id = String(existing.id);
      const staysOwner = values.organization === organization && values.role === 'owner';
      // Only a write that changes the membership or the role can take an owner away.
      const changesMembership =
        values.organization !== organization || values.role !== existing.role;
      if (
        !staysOwner &&
        changesMembership &&
        !(await keepsAnOwner(context.trx, organization, id))
      ) {
        const self = context.auth?.id === existing.id;
        if (values.organization === organization)
          throw new FieldProblem('role', 'validation_last_owner', LAST_OWNER.demoted);
        throw new FieldProblem(
          'organization',
          'validation_last_owner',
          self ? LAST_OWNER.leaves : LAST_OWNER.removed,
        );
      }
      if (leaving) await leaveOrganization(existing, context);
    },
    async beforeDelete(existing, context) {
      const organization = String(existing.organization ?? '');
      if (organization && !(await keepsAnOwner(context.trx, organization, String(existing.id))))
        throw new ApiError(400, LAST_OWNER.deleted);
      await forgetLinksOf(context.trx, definition.id, String(existing.id));
      if (organization) await leaveOrganization(existing, context);
    },
  },
};
