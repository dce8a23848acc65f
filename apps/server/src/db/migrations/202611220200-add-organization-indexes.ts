import type { Kysely } from 'kysely';

const TABLES = ['channels', 'shows', 'timeslots', 'recurrences'];

// Every organization-owned list filters by organization (its rules say so) and, unsorted, comes
// back in insertion order. An index on organization alone keeps its entries in rowid order within
// each organization, so a page of 20 reads 20 index entries instead of sorting the whole station.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .createIndex(`idx_${table}_organization`)
      .on(table)
      .column('organization')
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await db.schema.dropIndex(`idx_${table}_organization`).ifExists().execute();
}
