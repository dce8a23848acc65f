import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../column-types.js';

// The operator's settings (apps/server/src/db/operator-settings.ts) are kept in `_settings`,
// which PostgreSQL has had since the cluster tables (its nodes share the token secret there).
// SQLite gets the same table now.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`create table _settings (key text primary key, value text not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`drop table if exists _settings`.execute(db);
}
