import type { Kysely } from 'kysely';
import { addRowId, columns, dialectOf, withRecordColumns } from '../column-types.js';

// The as-run log (issue 39 item 5, decision 0045): what each channel airing through Airgrid
// playout aired, one row per item, written by the server as it airs.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number } = c.types;
  await withRecordColumns(db.schema.createTable('asRun'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('channel', text, c.text)
    .addColumn('kind', text, c.text)
    .addColumn('show', text, c.text)
    .addColumn('title', text, c.text)
    .addColumn('timeslot', text, c.text)
    .addColumn('package', text, c.text)
    .addColumn('start', text, c.date)
    .addColumn('end', text, c.date)
    .addColumn('offsetSec', number, c.number)
    .execute();
  await db.schema
    .createIndex('idx_asRun_organization')
    .on('asRun')
    .columns(['organization', 'created'])
    .execute();
  // One entry starts at an instant on a channel: two writers cannot both record it.
  await db.schema
    .createIndex('idx_asRun_channel_start')
    .on('asRun')
    .columns(['channel', 'start'])
    .unique()
    .execute();
  // Deleting a show or a timeslot clears the references to it (the entry stays).
  await db.schema.createIndex('idx_asRun_show').on('asRun').column('show').execute();
  await db.schema.createIndex('idx_asRun_timeslot').on('asRun').column('timeslot').execute();
  await addRowId(db, 'asRun');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asRun').execute();
}
