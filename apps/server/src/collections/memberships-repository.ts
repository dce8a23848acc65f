import { ADMIN_ROLES } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import { dialectOf } from '../db/column-types.js';
import type { Database, Transaction } from '../db/tables.js';

// What the users collection's hooks read and write beside the user: the organization's owners,
// and the shows a member who leaves was producing.

/** Ids of the organization's owners and admins: who hears of a join, a webhook turned off… */
export async function adminsOf(db: Kysely<Database>, organization: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('organization', '=', organization)
    .where('role', 'in', [...ADMIN_ROLES])
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the organization's membership lock for the rest of the write transaction, so that
 * "the organization keeps an owner" holds when owners leave, are demoted or delete their
 * accounts at the same moment.
 *
 * On SQLite every transaction opens with BEGIN IMMEDIATE (db/database.ts): writers already run
 * one at a time. On PostgreSQL (READ COMMITTED) two transactions could each count the other
 * owner as still there and both go ahead, leaving no owner; so each locks the organization row
 * with SELECT ... FOR UPDATE before it reads roles: the second waits for the first to commit
 * and then counts what it left (each statement after the lock sees the commits before it).
 * The row lock, as for a channel's schedule (timeslots-repository.ts), needs no advisory key;
 * an organization's delete takes it first too (organizations.ts), so the two never wait on
 * each other's user rows in opposite orders.
 */
export async function lockMemberships(trx: Transaction, organization: string): Promise<void> {
  if (dialectOf(trx as unknown as Kysely<unknown>) !== 'postgres') return;
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organization)
    .forUpdate()
    .execute();
}

/**
 * The user's role in the organization as committed now ('' when no longer a member): the
 * record a write starts from is read before its transaction and may be out of date.
 */
export async function currentRole(
  trx: Transaction,
  organization: string,
  userId: string,
): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select('role')
    .where('id', '=', userId)
    .where('organization', '=', organization)
    .executeTakeFirst();
  return row?.role ?? '';
}

/** How many owners the organization has besides this user (after lockMemberships). */
export async function otherOwners(
  trx: Transaction,
  organization: string,
  userId: string,
): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('organization', '=', organization)
    .where('role', '=', 'owner')
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A member leaves: the organization's shows they produced keep their name as `producerName`
 * (where none was typed) and no longer point at the user, who is now outside the organization.
 * Returns the ids of the shows changed, so their events go out.
 */
export async function keepProducerNames(
  trx: Transaction,
  organization: string,
  userId: string,
  name: string,
  updated: string,
): Promise<string[]> {
  const shows = await trx
    .selectFrom('shows')
    .select(['id', 'producerName'])
    .where('organization', '=', organization)
    .where('producer', '=', userId)
    .execute();
  if (shows.length === 0) return [];
  await trx
    .updateTable('shows')
    .set({ producerName: name, producer: '', updated })
    .where('organization', '=', organization)
    .where('producer', '=', userId)
    .where('producerName', '=', '')
    .execute();
  await trx
    .updateTable('shows')
    .set({ producer: '', updated })
    .where('organization', '=', organization)
    .where('producer', '=', userId)
    .execute();
  return shows.map((show) => show.id);
}
