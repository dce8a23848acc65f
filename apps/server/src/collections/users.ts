import { users as definition } from '@airgrid/schema';
import type { CollectionModule } from './collection-module.js';
import { ADMIN } from './role-rules.js';

const SELF = 'id = @request.auth.id';
const SAME_ORGANIZATION = 'organization != "" && organization = @request.auth.organization';
// Membership and privileges change only through organizations, invites and admins.
const KEEPS_MEMBERSHIP =
  '@request.body.organization:isset = false && @request.body.role:isset = false && @request.body.privileges:isset = false';
// An admin may change a member's role or remove them, but only an owner makes owners.
const ADMIN_MANAGES_MEMBER =
  `${SAME_ORGANIZATION} && id != @request.auth.id && ${ADMIN} && ` +
  '(@request.body.organization:isset = false || @request.body.organization = "") && ' +
  '(@request.body.role != "owner" || @request.auth.role = "owner") && ' +
  '(role != "owner" || @request.auth.role = "owner") && @request.body.privileges:isset = false';

/**
 * People. Anyone may sign up (but not into an organization); members see each other; a user
 * edits their own profile; admins change members' roles or remove them.
 */
export const users: CollectionModule = {
  definition,
  rules: {
    listRule: `${SELF} || (${SAME_ORGANIZATION})`,
    viewRule: `${SELF} || (${SAME_ORGANIZATION})`,
    createRule: KEEPS_MEMBERSHIP,
    updateRule: `(${SELF} && ${KEEPS_MEMBERSHIP}) || (${ADMIN_MANAGES_MEMBER})`,
    deleteRule: SELF,
    authRule: '',
    manageRule: null,
  },
};
