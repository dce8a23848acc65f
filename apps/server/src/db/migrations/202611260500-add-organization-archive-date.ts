import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// An organization its owner archives is dated like the records it archives: the daily purge
// deletes it (and everything it holds) after its retention, unless it is restored first.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  await db.schema
    .alterTable('organizations')
    .addColumn('archivedAt', c.types.text, c.date)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('archivedAt').execute();
}
