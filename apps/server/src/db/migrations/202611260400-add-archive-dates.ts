import { type Kysely, sql } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// The archive (issue 17): channels, shows and embeds remember when they were archived, and a
// daily job deletes for good what has been archived longer than the organization's retention.
// Embeds gain `archived` (channels have it; shows use status "archived"). `_jobs` records when
// a recurring job last ran, so that of several nodes sharing PostgreSQL one runs it per day.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  for (const table of ['channels', 'shows', 'embeds']) {
    await db.schema.alterTable(table).addColumn('archivedAt', c.types.text, c.date).execute();
  }
  await db.schema.alterTable('embeds').addColumn('archived', c.types.bool, c.bool).execute();
  // What is archived already counts from today.
  const now = new Date().toISOString().replace('T', ' ');
  await sql`update channels set ${sql.ref('archivedAt')} = ${now} where archived = ${sql.raw(
    dialectOf(db) === 'postgres' ? 'true' : '1',
  )}`.execute(db);
  await sql`update shows set ${sql.ref('archivedAt')} = ${now} where status = 'archived'`.execute(
    db,
  );
  await sql`create table _jobs (
    name text primary key,
    ${sql.ref('lastRun')} text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists _jobs`.execute(db);
  await db.schema.alterTable('embeds').dropColumn('archived').execute();
  for (const table of ['channels', 'shows', 'embeds']) {
    await db.schema.alterTable(table).dropColumn('archivedAt').execute();
  }
}
