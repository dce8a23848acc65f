import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// Kits (issue 20, item 3): items sharing a `kit` name are reserved together, one batch of
// reservations with a shared booking (decision 0033).
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  await db.schema.alterTable('equipment').addColumn('kit', c.types.text, c.text).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('equipment').dropColumn('kit').execute();
}
