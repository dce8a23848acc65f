import type { Kysely } from 'kysely';
import { addRowId, columns, dialectOf, withRecordColumns } from '../column-types.js';

// Campaigns and their placements (issue 40): a sponsor's flight of spots with its targeting,
// goal, caps and rotation; and each spot the server placed in a break of the schedule.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, json } = c.types;
  await withRecordColumns(db.schema.createTable('campaigns'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('name', text, c.text)
    .addColumn('sponsor', text, c.text)
    .addColumn('status', text, c.text)
    .addColumn('flightStart', text, c.date)
    .addColumn('flightEnd', text, c.date)
    .addColumn('channels', json, c.jsonArray)
    .addColumn('dayparts', json, c.jsonArray)
    .addColumn('goalPer', text, c.text)
    .addColumn('goalSpots', number, c.number)
    .addColumn('capPerHour', number, c.number)
    .addColumn('capPerProgramme', number, c.number)
    .addColumn('sponsorSeparationMin', number, c.number)
    .addColumn('categorySeparationMin', number, c.number)
    .addColumn('competitiveCategory', text, c.text)
    .addColumn('priority', number, c.number)
    .addColumn('ads', json, c.jsonArray)
    .addColumn('weights', json, c.jsonObject)
    .addColumn('rate', number, c.number)
    .addColumn('notes', text, c.text)
    .addColumn('delivery', json, c.jsonObject)
    .execute();
  await withRecordColumns(db.schema.createTable('placements'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('campaign', text, c.text)
    .addColumn('ad', text, c.text)
    .addColumn('channel', text, c.text)
    .addColumn('breakId', text, c.text)
    .addColumn('breakKind', text, c.text)
    .addColumn('timeslot', text, c.text)
    .addColumn('show', text, c.text)
    .addColumn('start', text, c.date)
    .addColumn('offsetSec', number, c.number)
    .addColumn('durationSec', number, c.number)
    .execute();
  const indexes: [string, string, string[]][] = [
    ['idx_campaigns_organization_name', 'campaigns', ['organization', 'name']],
    ['idx_campaigns_sponsor', 'campaigns', ['sponsor']],
    ['idx_placements_organization_start', 'placements', ['organization', 'start']],
    ['idx_placements_campaign_start', 'placements', ['campaign', 'start']],
    ['idx_placements_channel_start', 'placements', ['channel', 'start']],
  ];
  for (const [name, table, fields] of indexes) {
    await db.schema.createIndex(name).on(table).columns(fields).execute();
  }
  for (const table of ['campaigns', 'placements']) await addRowId(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['placements', 'campaigns']) await db.schema.dropTable(table).execute();
}
