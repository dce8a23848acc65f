import { toRecordDate } from '@airgrid/domain';
import type {
  CertificationKindRecord,
  CertificationRecord,
  EquipmentRecord,
  EquipmentStatus,
  MemberRecord,
  ReservationRecord,
} from '@airgrid/schema';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../lib/pocketbase';
import { batchInnerResponse } from './equipment-model';

// The equipment area's data (decision 0033): the items, certification kinds and grants, the
// reservations, and the writes that change them. The API's rules decide who sees what: a
// member lists their own reservations and certifications, staff all of them. Components read
// through these and never call `pb` themselves.

export const equipmentKeys = {
  all: ['equipment'] as const,
  zone: (organization: string) => ['equipment', 'zone', organization] as const,
  items: (organization: string) => ['equipment', 'items', organization] as const,
  kinds: (organization: string) => ['equipment', 'kinds', organization] as const,
  certifications: (organization: string) => ['equipment', 'certifications', organization] as const,
  reservations: (organization: string) => ['equipment', 'reservations', organization] as const,
  week: (organization: string, from: number) =>
    ['equipment', 'reservations', organization, 'week', from] as const,
  members: (organization: string) => ['equipment', 'members', organization] as const,
  history: (item: string) => ['equipment', 'history', item] as const,
};

/** How many of an item's past reservations its history reads at a time. */
const HISTORY_PAGE = 20;

/** A member as the lists name them. */
export type MemberName = Pick<MemberRecord, 'id' | 'name' | 'email'>;

export interface ReservationRow extends ReservationRecord {
  expand?: { equipment?: Pick<EquipmentRecord, 'id' | 'name'>; member?: MemberName };
}

export interface CertificationRow extends CertificationRecord {
  expand?: { member?: MemberName; kind?: Pick<CertificationKindRecord, 'id' | 'name'> };
}

/** How far back the reservations list reads what has ended (the Past view). */
const PAST_DAYS = 30;

export const equipmentQueries = {
  /** The station's time zone: reservations' spans are read and written in it. */
  zone: (organization: string) =>
    queryOptions({
      queryKey: equipmentKeys.zone(organization),
      queryFn: async () =>
        (await pb.collection('organizations').getOne<{ timeZone: string }>(organization))
          .timeZone || 'UTC',
      enabled: organization !== '',
    }),
  items: (organization: string) =>
    queryOptions({
      queryKey: equipmentKeys.items(organization),
      queryFn: () =>
        pb.collection('equipment').getFullList<EquipmentRecord>({
          filter: pb.filter('organization = {:organization}', { organization }),
          sort: 'name',
        }),
      enabled: organization !== '',
    }),
  kinds: (organization: string) =>
    queryOptions({
      queryKey: equipmentKeys.kinds(organization),
      queryFn: () =>
        pb.collection('certificationKinds').getFullList<CertificationKindRecord>({
          filter: pb.filter('organization = {:organization}', { organization }),
          sort: 'name',
        }),
      enabled: organization !== '',
    }),
  /** Every grant staff see (a member sees their own), with the member and the kind. */
  certifications: (organization: string) =>
    queryOptions({
      queryKey: equipmentKeys.certifications(organization),
      queryFn: () =>
        pb.collection('certifications').getFullList<CertificationRow>({
          filter: pb.filter('organization = {:organization}', { organization }),
          sort: 'expires,-granted',
          expand: 'member,kind',
        }),
      enabled: organization !== '',
    }),
  /**
   * Reservations still to come or out, and those of the last month, with the item and the
   * member (staff read all; a member their own).
   */
  reservations: (organization: string) =>
    queryOptions({
      queryKey: equipmentKeys.reservations(organization),
      queryFn: () =>
        pb.collection('reservations').getFullList<ReservationRow>({
          filter: pb.filter(
            'organization = {:organization} && (status = "out" || ends >= {:since})',
            {
              organization,
              since: toRecordDate(Date.now() - PAST_DAYS * 24 * 3600 * 1000),
            },
          ),
          sort: 'starts',
          expand: 'equipment,member',
        }),
      enabled: organization !== '',
    }),
  /**
   * One item's reservations, all time, the latest first, a page at a time: who had it, and
   * the condition notes of each hand-over.
   */
  history: (item: string) =>
    infiniteQueryOptions({
      queryKey: equipmentKeys.history(item),
      queryFn: async ({ pageParam }) =>
        (
          await pb.collection('reservations').getList<ReservationRow>(pageParam, HISTORY_PAGE, {
            filter: pb.filter('equipment = {:item}', { item }),
            sort: '-starts,-created',
            expand: 'member',
            skipTotal: true,
          })
        ).items,
      initialPageParam: 1,
      getNextPageParam: (last, _all, page) => (last.length === HISTORY_PAGE ? page + 1 : undefined),
      enabled: item !== '',
    }),
  /** The reservations touching [from, to) but the cancelled: the calendar's week. */
  week: (organization: string, from: number, to: number) =>
    queryOptions({
      queryKey: equipmentKeys.week(organization, from),
      queryFn: () =>
        pb.collection('reservations').getFullList<ReservationRow>({
          filter: pb.filter(
            'organization = {:organization} && status != "cancelled" && starts < {:to} && ends > {:from}',
            { organization, from: toRecordDate(from), to: toRecordDate(to) },
          ),
          sort: 'starts',
          expand: 'equipment,member',
        }),
      enabled: organization !== '',
    }),
  /** The organization's members, for staff choosing whom a reservation or grant is for. */
  members: (organization: string) =>
    queryOptions({
      queryKey: equipmentKeys.members(organization),
      // Only superusers may sort by email: by name here, and a member without one by email.
      queryFn: async () =>
        (
          await pb.collection('users').getFullList<MemberName>({
            filter: pb.filter('organization = {:organization}', { organization }),
            fields: 'id,name,email',
          })
        ).sort((a, b) => (a.name || a.email || '').localeCompare(b.name || b.email || '')),
      enabled: organization !== '',
    }),
};

/** The item's photo as a thumbnail ('100x100', cropped square), or '' without one. */
export function photoUrl(item: EquipmentRecord, thumb = '100x100'): string {
  return item.photo ? pb.files.getURL(item, item.photo, { thumb }) : '';
}

export function createItem(organization: string, values: Record<string, unknown>) {
  return pb.collection('equipment').create<EquipmentRecord>({ organization, ...values });
}

export function updateItem(id: string, values: Record<string, unknown>) {
  return pb.collection('equipment').update<EquipmentRecord>(id, values);
}

export function setItemStatus(id: string, status: EquipmentStatus) {
  return pb.collection('equipment').update<EquipmentRecord>(id, { status });
}

export function createKind(organization: string, values: { name: string; description: string }) {
  return pb
    .collection('certificationKinds')
    .create<CertificationKindRecord>({ organization, ...values });
}

export function updateKind(id: string, values: { name: string; description: string }) {
  return pb.collection('certificationKinds').update<CertificationKindRecord>(id, values);
}

/** Deletes a kind; its grants go with it, and items requiring it no longer do. */
export function deleteKind(id: string) {
  return pb.collection('certificationKinds').delete(id);
}

export function grantCertification(
  organization: string,
  values: Pick<CertificationRecord, 'member' | 'kind' | 'granted' | 'expires' | 'note'>,
) {
  return pb.collection('certifications').create<CertificationRecord>({ organization, ...values });
}

export function revokeCertification(id: string) {
  return pb.collection('certifications').delete(id);
}

type ReservationBody = Pick<
  ReservationRecord,
  'equipment' | 'member' | 'starts' | 'ends' | 'note' | 'booking'
>;

/**
 * Reserves the items together: one batch, one transaction, so all are reserved or none. A
 * refusal is rethrown as the failing reservation's own error (its field messages name the
 * clash or the certification), as a single create would have answered.
 */
export async function reserveTogether(
  organization: string,
  bodies: readonly ReservationBody[],
): Promise<ReservationRecord[]> {
  const batch = pb.createBatch();
  for (const body of bodies) batch.collection('reservations').create({ organization, ...body });
  try {
    const results = await batch.send();
    return results.map((result) => result.body as ReservationRecord);
  } catch (error) {
    const inner = error instanceof ClientResponseError ? batchInnerResponse(error.response) : null;
    if (!inner || !(error instanceof ClientResponseError)) throw error;
    throw new ClientResponseError({
      url: error.url,
      status: typeof inner.status === 'number' ? inner.status : error.status,
      response: inner,
    });
  }
}

/** Moves a reservation along (confirm, check out with a note, check in with a note, cancel). */
export function updateReservation(
  id: string,
  values: Partial<Pick<ReservationRecord, 'status' | 'checkoutNote' | 'returnNote'>>,
) {
  return pb.collection('reservations').update<ReservationRecord>(id, values);
}

/**
 * The QR label sheet (a PDF of Avery 5160 labels) for the named items, or every item not
 * retired, read with the member's token: the route is for staff only.
 */
export async function labelSheet(ids?: readonly string[]): Promise<Blob> {
  const query = ids && ids.length > 0 ? `?ids=${encodeURIComponent(ids.join(','))}` : '';
  const response = await fetch(`/api/v1/equipment/labels.pdf${query}`, {
    headers: { Authorization: pb.authStore.token },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : String(response.status));
  }
  return response.blob();
}
