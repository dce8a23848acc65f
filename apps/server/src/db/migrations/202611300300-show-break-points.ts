import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// Issue 40, item 2: a show's break points, the seconds into its media where a mid-programme
// break may go (a JSON list, empty for none).
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  await db.schema.alterTable('shows').addColumn('breakPoints', c.types.json, c.jsonArray).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shows').dropColumn('breakPoints').execute();
}
