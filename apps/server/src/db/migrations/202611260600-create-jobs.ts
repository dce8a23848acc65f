import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// Background jobs (issue 18): the queue every node takes work from (jobs/job-runner.ts), one
// row per job, visible to the organization's members; and what ffprobe read of a show's media.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, json } = c.types;
  await withRecordColumns(db.schema.createTable('jobs'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('kind', text, c.text)
    .addColumn('target', text, c.text)
    .addColumn('state', text, c.text)
    .addColumn('progress', number, c.number)
    .addColumn('attempts', number, c.number)
    .addColumn('runAfter', text, c.date)
    .addColumn('lockedBy', text, c.text)
    .addColumn('lockedUntil', text, c.date)
    .addColumn('error', text, c.text)
    .addColumn('finished', text, c.date)
    .execute();
  // The runner's question: what is due, oldest first.
  await db.schema
    .createIndex('idx_jobs_state_run_after')
    .on('jobs')
    .columns(['state', 'runAfter'])
    .execute();
  await db.schema
    .createIndex('idx_jobs_organization')
    .on('jobs')
    .columns(['organization', 'created'])
    .execute();
  await db.schema.createIndex('idx_jobs_target').on('jobs').column('target').execute();
  if (dialect === 'postgres') {
    await sql`alter table jobs add column "_rowid" bigint generated always as identity`.execute(db);
    await db.schema.createIndex('idx_jobs__rowid').on('jobs').column('_rowid').unique().execute();
  }
  await db.schema.alterTable('shows').addColumn('mediaInfo', json, c.jsonObject).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shows').dropColumn('mediaInfo').execute();
  await db.schema.dropTable('jobs').execute();
}
