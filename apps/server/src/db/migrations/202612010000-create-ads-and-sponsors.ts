import type { Kysely } from 'kysely';
import { addRowId, columns, dialectOf, withRecordColumns } from '../column-types.js';

// The spot library (issue 40): sponsors, and the spots (`ads`) they underwrite, with the
// runtime and loudness the media jobs read from each spot's file.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, bool, json } = c.types;
  await withRecordColumns(db.schema.createTable('sponsors'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('name', text, c.text)
    .addColumn('contactName', text, c.text)
    .addColumn('email', text, c.text)
    .addColumn('phone', text, c.text)
    .addColumn('billingAddress', text, c.text)
    .addColumn('notes', text, c.text)
    .addColumn('archived', bool, c.bool)
    .addColumn('archivedAt', text, c.date)
    .execute();
  await withRecordColumns(db.schema.createTable('ads'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('title', text, c.text)
    .addColumn('sponsor', text, c.text)
    .addColumn('category', text, c.text)
    .addColumn('media', text, c.text)
    .addColumn('durationSec', number, c.number)
    .addColumn('mediaInfo', json, c.jsonObject)
    .addColumn('webMedia', text, c.text)
    .addColumn('validFrom', text, c.date)
    .addColumn('validTo', text, c.date)
    .addColumn('status', text, c.text)
    .addColumn('archivedAt', text, c.date)
    .execute();
  const indexes: [string, string, string[]][] = [
    ['idx_sponsors_organization_name', 'sponsors', ['organization', 'name']],
    ['idx_ads_organization_title', 'ads', ['organization', 'title']],
    // A sponsor's spots, and the relation check when a sponsor is named.
    ['idx_ads_sponsor', 'ads', ['sponsor']],
  ];
  for (const [name, table, fields] of indexes) {
    await db.schema.createIndex(name).on(table).columns(fields).execute();
  }
  for (const table of ['sponsors', 'ads']) await addRowId(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ads', 'sponsors']) await db.schema.dropTable(table).execute();
}
