import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// An organization's Cablecast server (issue 19): the `cablecastConnections` collection, one
// per organization (the unique index says so to a second create).
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, bool, json } = c.types;
  await withRecordColumns(db.schema.createTable('cablecastConnections'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('baseUrl', text, c.text)
    .addColumn('hasCredentials', bool, c.bool)
    .addColumn('credentials', text, c.text)
    .addColumn('lastCheck', json, c.jsonObject)
    .execute();
  await db.schema
    .createIndex('idx_cablecastConnections_organization')
    .on('cablecastConnections')
    .column('organization')
    .unique()
    .execute();
  if (dialect === 'postgres') {
    await sql`alter table "cablecastConnections" add column "_rowid" bigint generated always as identity`.execute(
      db,
    );
    await db.schema
      .createIndex('idx_cablecastConnections__rowid')
      .on('cablecastConnections')
      .column('_rowid')
      .unique()
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cablecastConnections').execute();
}
