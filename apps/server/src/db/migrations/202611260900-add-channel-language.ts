import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// The language a channel speaks (BCP 47): caption coverage counts tracks in it (issue 18).
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  await db.schema.alterTable('channels').addColumn('language', c.types.text, c.text).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channels').dropColumn('language').execute();
}
