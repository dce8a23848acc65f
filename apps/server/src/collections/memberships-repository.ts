import type { Transaction } from '../db/tables.js';

// What the users collection's hooks read and write beside the user: other owners, and the
// shows a member who leaves was producing.

/** How many owners the organization has besides this user. */
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
