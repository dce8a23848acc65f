import type {
  CertificationKindRecord,
  CertificationRecord,
  EquipmentRecord,
  InviteRecord,
  MemberRecord,
  ReservationRecord,
  Role,
  ShowRecord,
  SubmissionRecord,
} from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// The members area's data: the organization's people, its pending invites and the writes that
// manage them. Components read through these and never call `pb` themselves.

export const memberKeys = {
  all: ['members'] as const,
  list: (organization: string) => ['members', 'list', organization] as const,
  one: (id: string) => ['members', 'one', id] as const,
  shows: (id: string) => ['members', 'shows', id] as const,
  submissions: (id: string) => ['members', 'submissions', id] as const,
  reservations: (id: string) => ['members', 'reservations', id] as const,
  certifications: (id: string) => ['members', 'certifications', id] as const,
  invites: (organization: string) => ['members', 'invites', organization] as const,
};

/** What a members save changes: the lists, a member page, and who the signed-in user is. */
export const MEMBER_SAVE_INVALIDATES = [memberKeys.all] as const;

export const memberQueries = {
  list: (organization: string) =>
    queryOptions({
      queryKey: memberKeys.list(organization),
      queryFn: () =>
        pb.collection('users').getFullList<MemberRecord>({
          filter: pb.filter('organization = {:organization}', { organization }),
        }),
      enabled: organization !== '',
    }),
  /** A member by id, or null when unknown or outside the organization (the API says 404). */
  one: (id: string) =>
    queryOptions({
      queryKey: memberKeys.one(id),
      queryFn: async () => {
        try {
          return await pb.collection('users').getOne<MemberRecord>(id);
        } catch (failure) {
          if (failure instanceof ClientResponseError && failure.status === 404) return null;
          throw failure;
        }
      },
    }),
  /** The shows a member produces. */
  shows: (id: string) =>
    queryOptions({
      queryKey: memberKeys.shows(id),
      queryFn: () =>
        pb.collection('shows').getFullList<ShowRecord>({
          filter: pb.filter('producer = {:id}', { id }),
          sort: 'title',
          fields: 'id,title,status,category',
        }),
    }),
  /** The shows a member submitted signed in, newest first (staff and the member see them). */
  submissions: (id: string) =>
    queryOptions({
      queryKey: memberKeys.submissions(id),
      queryFn: () =>
        pb.collection('submissions').getFullList<SubmissionRecord>({
          filter: pb.filter('submitter = {:id}', { id }),
          sort: '-created',
          fields: 'id,title,status,reviewNote,show,created',
        }),
    }),
  /** A member's reservations with their items (staff and the member see them). */
  reservations: (id: string) =>
    queryOptions({
      queryKey: memberKeys.reservations(id),
      queryFn: () =>
        pb
          .collection('reservations')
          .getFullList<ReservationRecord & { expand?: { equipment?: EquipmentRecord } }>({
            filter: pb.filter('member = {:id}', { id }),
            sort: '-starts',
            expand: 'equipment',
          }),
    }),
  /** A member's certifications with their kinds (staff and the member see them). */
  certifications: (id: string) =>
    queryOptions({
      queryKey: memberKeys.certifications(id),
      queryFn: () =>
        pb
          .collection('certifications')
          .getFullList<CertificationRecord & { expand?: { kind?: CertificationKindRecord } }>({
            filter: pb.filter('member = {:id}', { id }),
            sort: '-granted',
            expand: 'kind',
          }),
    }),
  /** Invites not accepted yet, newest first (expired ones too: they can be resent). */
  invites: (organization: string) =>
    queryOptions({
      queryKey: memberKeys.invites(organization),
      queryFn: () =>
        pb.collection('invites').getFullList<InviteRecord>({
          filter: pb.filter('organization = {:organization} && accepted = false', { organization }),
          sort: '-created',
        }),
      enabled: organization !== '',
    }),
};

/** The avatar thumbnail of a member, or undefined (the Avatar shows initials). */
export function memberAvatarUrl(member: MemberRecord): string | undefined {
  return member.avatar ? pb.files.getURL(member, member.avatar, { thumb: '100x100' }) : undefined;
}

export function invite(organization: string, values: { email: string; role: Role }) {
  return pb.collection('invites').create<InviteRecord>({ organization, ...values });
}

/** Sends the invite's mail again, with a new week to accept it. */
export function resendInvite(id: string) {
  return callEndpoint(pb, 'POST /api/v1/invites/:id/resend', { params: { id } });
}

export function revokeInvite(id: string) {
  return pb.collection('invites').delete(id);
}

export function changeRole(id: string, role: Role) {
  return pb.collection('users').update<MemberRecord>(id, { role });
}

/** Takes the member out of the organization (their shows keep their name as producer). */
export function removeMember(id: string) {
  return pb.collection('users').update<MemberRecord>(id, { organization: '' });
}

/** The signed-in user leaves; their token then speaks for a user without an organization. */
export async function leaveOrganization(id: string) {
  const left = await pb.collection('users').update<MemberRecord>(id, { organization: '' });
  await pb.collection('users').authRefresh();
  return left;
}

/** Makes the member the owner; the signed-in owner becomes an admin. */
export async function transferOwnership(member: string) {
  const result = await callEndpoint(pb, 'POST /api/v1/members/transfer-ownership', {
    body: { member },
  });
  await pb.collection('users').authRefresh();
  return result;
}
