import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.js';

/** The organization's channels (not archived) and shows, which timeslot rows name. */
export async function readLookups(trx: Kysely<Database>, organization: string) {
  const [channels, shows] = await Promise.all([
    trx
      .selectFrom('channels')
      .select(['id', 'slug', 'number', 'name', 'timeZone'])
      .where('organization', '=', organization)
      .where('archived', '=', false)
      .execute(),
    trx
      .selectFrom('shows')
      .select(['id', 'title', 'durationSec'])
      .where('organization', '=', organization)
      .execute(),
  ]);
  return { channels, shows };
}

// One row of an import at a time: its savepoint is taken, then released, or rolled back to
// and released (import-service.ts).

export async function takeSavepoint(trx: Kysely<Database>): Promise<void> {
  await sql`savepoint import_row`.execute(trx);
}

export async function releaseSavepoint(trx: Kysely<Database>): Promise<void> {
  await sql`release savepoint import_row`.execute(trx);
}

export async function rollbackToSavepoint(trx: Kysely<Database>): Promise<void> {
  await sql`rollback to savepoint import_row`.execute(trx);
}
