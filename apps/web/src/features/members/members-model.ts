import { fromRecordDate } from '@airgrid/domain';
import {
  ADMIN_ROLES,
  type InviteRecord,
  type MemberRecord,
  ROLES,
  type Role,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';

const t = messages();

// The members area's pure rules: who may do what to whom (the API's rules say the same, and
// are what decides), how roles read, and how dates read in the lists.

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: t.members.owner,
  admin: t.members.admin,
  editor: t.members.editor,
  producer: t.members.producer,
  viewer: t.members.viewer,
};

/** One line per role, for the role pickers (docs/roles.md has the whole table). */
export const ROLE_SUMMARIES: Readonly<Record<Role, string>> = {
  owner: t.members.everythingIncludingHandingOwnershipOver,
  admin: t.members.membersInvitesAndTheOrganization,
  editor: t.members.channelsShowsTheScheduleAnd,
  producer: t.members.theirOwnShowsReadsThe,
  viewer: t.members.readsTheStationSChannels,
};

export interface Me {
  id: string;
  role: string;
}

/** Whether the user manages members at all (sees invites, changes roles). */
export function canManageMembers(role: unknown): boolean {
  return typeof role === 'string' && (ADMIN_ROLES as readonly string[]).includes(role);
}

/**
 * Whether `me` may change this member's role or remove them: admins and owners may, never for
 * themselves (they leave instead), and only an owner touches an owner.
 */
export function canManageMember(me: Me, member: Pick<MemberRecord, 'id' | 'role'>): boolean {
  if (!canManageMembers(me.role) || member.id === me.id) return false;
  return member.role !== 'owner' || me.role === 'owner';
}

/** The roles `me` may give: every role for an owner, all but owner for an admin. */
export function assignableRoles(myRole: string): Role[] {
  if (myRole === 'owner') return [...ROLES];
  if (myRole === 'admin') return ROLES.filter((role) => role !== 'owner');
  return [];
}

/** A member's name as lists show it. */
export function memberName(member: Pick<MemberRecord, 'name' | 'email'>): string {
  const t = messages();
  return member.name || member.email || t.members.unnamedMember;
}

const RANK: Readonly<Record<string, number>> = Object.fromEntries(
  ROLES.map((role, index) => [role, index]),
);

/** Owners first, then admins, editors, producers and viewers; by name within a role. */
export function sortMembers<T extends Pick<MemberRecord, 'role' | 'name' | 'email'>>(
  members: readonly T[],
): T[] {
  return [...members].sort(
    (a, b) =>
      (RANK[a.role] ?? ROLES.length) - (RANK[b.role] ?? ROLES.length) ||
      memberName(a).localeCompare(memberName(b)),
  );
}

/** How many owners the list holds (the last one can neither leave nor be demoted). */
export function ownerCount(members: readonly Pick<MemberRecord, 'role'>[]): number {
  return members.filter((member) => member.role === 'owner').length;
}

const DAY_MS = 24 * 3600 * 1000;

/** "today", "yesterday", "3 days ago", or the date for anything older than a month. */
export function daysAgo(value: string, now: number, formatDate: (ms: number) => string): string {
  const t = messages();
  const at = fromRecordDate(value);
  if (at === null) return t.members.never;
  const days = Math.floor(now / DAY_MS) - Math.floor(at / DAY_MS);
  if (days <= 0) return t.members.today;
  if (days === 1) return t.members.yesterday;
  if (days < 31) return t.members.daysDaysAgo(days);
  return formatDate(at);
}

/** Where a pending invite stands: "Expires in 7 days", "Expires within a day", "Expired". */
export function inviteExpiry(
  invite: Pick<InviteRecord, 'expires'>,
  now: number,
): { expired: boolean; text: string } {
  const t = messages();
  const at = fromRecordDate(invite.expires);
  if (at === null || at <= now) return { expired: true, text: t.members.expired };
  if (at - now < DAY_MS) return { expired: false, text: t.members.expiresWithinADay };
  const days = Math.round((at - now) / DAY_MS);
  return { expired: false, text: t.members.expiresInDays(days) };
}
