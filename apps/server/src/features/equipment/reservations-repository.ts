import { RESERVATION_HOLDS } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';

// What the reservations' hooks read and write beside the reservation: the item (locked for the
// rest of the write, so of two reservations of one item at once the second sees the first), the
// member's certification, a clashing reservation, and the item's status at check-out and in.

/** An item as a reservation's checks need it, with its organization's zone for messages. */
export interface ReservedItem {
  name: string;
  status: string;
  certificationRequired: string;
  kindName: string;
  timeZone: string;
}

/**
 * Reads the item and, on PostgreSQL, locks its row for the rest of the transaction (SELECT ...
 * FOR UPDATE); SQLite's writers already take turns (BEGIN IMMEDIATE). Only the organization's
 * own item is found.
 */
export async function lockEquipment(
  trx: Kysely<Database>,
  equipment: string,
  organization: string,
): Promise<ReservedItem | undefined> {
  const item = trx
    .selectFrom('equipment')
    .select(['name', 'status', 'certificationRequired'])
    .where('id', '=', equipment)
    .where('organization', '=', organization);
  const found =
    dialectOf(trx as unknown as Kysely<unknown>) === 'postgres'
      ? await item.forUpdate().executeTakeFirst()
      : await item.executeTakeFirst();
  if (!found) return undefined;
  const organizationRow = await trx
    .selectFrom('organizations')
    .select('timeZone')
    .where('id', '=', organization)
    .executeTakeFirst();
  const kind = found.certificationRequired
    ? await trx
        .selectFrom('certificationKinds')
        .select('name')
        .where('id', '=', found.certificationRequired)
        .where('organization', '=', organization)
        .executeTakeFirst()
    : undefined;
  return {
    ...found,
    kindName: kind?.name ?? '',
    timeZone: organizationRow?.timeZone || 'UTC',
  };
}

/** Whether the member holds the kind for the whole of [starts, ends). */
export async function holdsCertification(
  trx: Kysely<Database>,
  slot: { organization: string; member: string; kind: string; starts: string; ends: string },
): Promise<boolean> {
  const found = await trx
    .selectFrom('certifications')
    .select('id')
    .where('organization', '=', slot.organization)
    .where('member', '=', slot.member)
    .where('kind', '=', slot.kind)
    .where('granted', '<=', slot.starts)
    .where((eb) => eb.or([eb('expires', '=', ''), eb('expires', '>=', slot.ends)]))
    .executeTakeFirst();
  return found !== undefined;
}

/** A reservation that holds the item during [starts, ends), other than `except`. */
export async function findReservationClash(
  trx: Kysely<Database>,
  slot: { organization: string; equipment: string; starts: string; ends: string; except: string },
): Promise<{ starts: string; ends: string; memberName: string } | undefined> {
  return trx
    .selectFrom('reservations as r')
    .leftJoin('users as u', 'u.id', 'r.member')
    .select(['r.starts as starts', 'r.ends as ends', 'u.name as memberName'])
    .where('r.organization', '=', slot.organization)
    .where('r.equipment', '=', slot.equipment)
    .where('r.status', 'in', [...RESERVATION_HOLDS])
    .where('r.id', '<>', slot.except)
    .where('r.starts', '<', slot.ends)
    .where('r.ends', '>', slot.starts)
    .orderBy('r.starts')
    .limit(1)
    .executeTakeFirst()
    .then((row) => row && { ...row, memberName: row.memberName ?? '' });
}

/** The member's name, for messages. */
export async function memberName(trx: Kysely<Database>, member: string): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select('name')
    .where('id', '=', member)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** Sets the item's status (checked out, returned). */
export async function setEquipmentStatus(
  trx: Kysely<Database>,
  equipment: string,
  status: string,
  updated: string,
): Promise<void> {
  await trx.updateTable('equipment').set({ status, updated }).where('id', '=', equipment).execute();
}
