import type { Role } from '@airgrid/schema';

// Building blocks for organization rules, so each collection module reads as a sentence.

/** Signed in, and a member of the record's organization. */
export const MEMBER = '@request.auth.id != "" && organization = @request.auth.organization';

/** The requester's role is one of these. */
function roleIn(...roles: Role[]): string {
  return `(${roles.map((role) => `@request.auth.role = "${role}"`).join(' || ')})`;
}

/** Editors and above: channels, shows and the schedule. */
export const EDITOR = roleIn('owner', 'admin', 'editor');
/** Admins and owners: members, invites and the organization. */
export const ADMIN = roleIn('owner', 'admin');

/** A create cannot place the record in another organization. */
export const CREATES_IN_OWN_ORGANIZATION = `${MEMBER}`;
/** An update cannot move the record to another organization. */
export const STAYS_IN_ORGANIZATION =
  '(@request.body.organization:isset = false || @request.body.organization = @request.auth.organization)';

/** Rules for a collection that members read and editors (and above) write. */
export function editorWrites() {
  return {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: `${CREATES_IN_OWN_ORGANIZATION} && ${EDITOR}`,
    updateRule: `${MEMBER} && ${EDITOR} && ${STAYS_IN_ORGANIZATION}`,
    deleteRule: `${MEMBER} && ${EDITOR}`,
  };
}

/** Rules for a collection only admins and owners read and write (e.g. remittance details). */
export function adminOnly() {
  return {
    listRule: `${MEMBER} && ${ADMIN}`,
    viewRule: `${MEMBER} && ${ADMIN}`,
    createRule: `${CREATES_IN_OWN_ORGANIZATION} && ${ADMIN}`,
    updateRule: `${MEMBER} && ${ADMIN} && ${STAYS_IN_ORGANIZATION}`,
    deleteRule: `${MEMBER} && ${ADMIN}`,
  };
}
