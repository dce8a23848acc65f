import type { Kysely } from 'kysely';
import { addRowId, columns, dialectOf, withRecordColumns } from '../column-types.js';

// The Cablecast sync (issue 19, item 2; decision 0030): the connection's channel map, schedule
// and cursor; `cablecastSyncs`, one row per run with its report; and on timeslots the Cablecast
// id and the run's exact times, which the sync upserts and removes by.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, json } = c.types;
  for (const [name, type, constraint] of [
    ['channelMap', json, c.jsonArray],
    ['syncEveryMinutes', number, c.number],
    ['nextSyncAt', text, c.date],
    ['showsCursor', text, c.text],
    ['failingSince', text, c.date],
  ] as const) {
    await db.schema.alterTable('cablecastConnections').addColumn(name, type, constraint).execute();
  }
  for (const [name, type, constraint] of [
    ['cablecastId', number, c.number],
    ['sourceStart', text, c.date],
    ['sourceDurationSec', number, c.number],
  ] as const) {
    await db.schema.alterTable('timeslots').addColumn(name, type, constraint).execute();
  }
  await withRecordColumns(db.schema.createTable('cablecastSyncs'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('trigger', text, c.text)
    .addColumn('state', text, c.text)
    .addColumn('requestedBy', text, c.text)
    .addColumn('started', text, c.date)
    .addColumn('finished', text, c.date)
    .addColumn('counts', json, c.jsonObject)
    .addColumn('skipped', json, c.jsonArray)
    .addColumn('error', text, c.text)
    .execute();
  await db.schema
    .createIndex('idx_cablecastSyncs_organization')
    .on('cablecastSyncs')
    .columns(['organization', 'created'])
    .execute();
  await addRowId(db, 'cablecastSyncs');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cablecastSyncs').execute();
  for (const name of ['cablecastId', 'sourceStart', 'sourceDurationSec']) {
    await db.schema.alterTable('timeslots').dropColumn(name).execute();
  }
  for (const name of [
    'channelMap',
    'syncEveryMinutes',
    'nextSyncAt',
    'showsCursor',
    'failingSince',
  ]) {
    await db.schema.alterTable('cablecastConnections').dropColumn(name).execute();
  }
}
