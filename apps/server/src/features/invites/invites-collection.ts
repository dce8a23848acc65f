import { randomBytes } from 'node:crypto';
import { toRecordDate } from '@airgrid/domain';
import { invites as definition } from '@airgrid/schema';
import { ADMIN, MEMBER } from '../../collections/role-rules.js';
import { type CollectionModule, FieldProblem } from '../../records/collection-module.js';

/** How long an invite stays valid. */
export const INVITE_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/**
 * Invitations to join an organization with a role. Admins and owners create, see and revoke
 * them; the invitee accepts with the token (POST /api/v1/invites/accept).
 */
export const invites: CollectionModule = {
  definition,
  rules: {
    listRule: `${MEMBER} && ${ADMIN}`,
    viewRule: `${MEMBER} && ${ADMIN}`,
    createRule: `${MEMBER} && ${ADMIN} && (@request.body.role != "owner" || @request.auth.role = "owner")`,
    updateRule: null,
    deleteRule: `${MEMBER} && ${ADMIN}`,
  },
  hooks: {
    beforeCreate(values, { now }) {
      if (typeof values.email !== 'string' || values.email === '') {
        throw new FieldProblem('email', 'validation_required', 'Cannot be blank.');
      }
      values.email = values.email.toLowerCase();
      values.token = randomBytes(24).toString('base64url');
      values.expires = toRecordDate(now + INVITE_LIFETIME_MS);
      values.accepted = false;
    },
  },
};
