import type { Kysely } from 'kysely';
import { addRowId, columns, dialectOf, withRecordColumns } from '../column-types.js';

// Issue 40, item 6: proof of play for stations with their own playout. An imported as-run log
// (`asRunImports`: the channel, the period it covers, its counts) and its spot lines reconciled
// with the placements (`importedAirings`: the placement proven, or none when off-plan).
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number } = c.types;
  await withRecordColumns(db.schema.createTable('asRunImports'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('channel', text, c.text)
    .addColumn('fileName', text, c.text)
    .addColumn('periodStart', text, c.date)
    .addColumn('periodEnd', text, c.date)
    .addColumn('aired', number, c.number)
    .addColumn('missed', number, c.number)
    .addColumn('offPlan', number, c.number)
    .addColumn('skipped', number, c.number)
    .addColumn('importedBy', text, c.text)
    .execute();
  await withRecordColumns(db.schema.createTable('importedAirings'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('asRunImport', text, c.text)
    .addColumn('channel', text, c.text)
    .addColumn('ad', text, c.text)
    .addColumn('placement', text, c.text)
    .addColumn('start', text, c.date)
    .addColumn('durationSec', number, c.number)
    .addColumn('line', number, c.number)
    .addColumn('status', text, c.text)
    .execute();
  const indexes: [string, string, string[]][] = [
    ['idx_asRunImports_organization', 'asRunImports', ['organization', 'created']],
    ['idx_asRunImports_channel_period', 'asRunImports', ['channel', 'periodStart']],
    ['idx_importedAirings_organization', 'importedAirings', ['organization', 'start']],
    ['idx_importedAirings_asRunImport', 'importedAirings', ['asRunImport']],
    ['idx_importedAirings_channel_start', 'importedAirings', ['channel', 'start']],
    ['idx_importedAirings_placement', 'importedAirings', ['placement']],
  ];
  for (const [name, table, fields] of indexes) {
    await db.schema.createIndex(name).on(table).columns(fields).execute();
  }
  for (const table of ['asRunImports', 'importedAirings']) await addRowId(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['importedAirings', 'asRunImports']) {
    await db.schema.dropTable(table).execute();
  }
}
