import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * Makes the user the owner of a new organization, only while the user belongs to none. False
 * when the user joined one meanwhile: a parallel create got there first.
 */
export async function takeOwnership(
  trx: Kysely<Database>,
  user: string,
  organization: string,
  now: number,
): Promise<boolean> {
  const { numUpdatedRows } = await trx
    .updateTable('users')
    .set({ organization, role: 'owner', joined: toRecordDate(now), updated: toRecordDate(now) })
    .where('id', '=', user)
    .where((eb) => eb.or([eb('organization', '=', ''), eb('organization', 'is', null)]))
    .executeTakeFirst();
  return Number(numUpdatedRows) > 0;
}
