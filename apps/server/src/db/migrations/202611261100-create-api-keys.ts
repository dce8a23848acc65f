import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// API keys for stations' own scripts (issue 19): the `apiKeys` collection. A request's key is
// found by its SHA-256 hash, so the hash is unique and indexed; the list is read per organization.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text } = c.types;
  await withRecordColumns(db.schema.createTable('apiKeys'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('name', text, c.text)
    .addColumn('role', text, c.text)
    .addColumn('prefix', text, c.text)
    .addColumn('keyHash', text, c.text)
    .addColumn('expires', text, c.date)
    .addColumn('lastUsed', text, c.date)
    .addColumn('createdBy', text, c.text)
    .execute();
  await db.schema
    .createIndex('idx_apiKeys_keyHash')
    .on('apiKeys')
    .column('keyHash')
    .unique()
    .execute();
  await db.schema
    .createIndex('idx_apiKeys_organization')
    .on('apiKeys')
    .columns(['organization', 'created'])
    .execute();
  await db.schema.createIndex('idx_apiKeys_createdBy').on('apiKeys').column('createdBy').execute();
  if (dialect === 'postgres') {
    await sql`alter table "apiKeys" add column "_rowid" bigint generated always as identity`.execute(
      db,
    );
    await db.schema
      .createIndex('idx_apiKeys__rowid')
      .on('apiKeys')
      .column('_rowid')
      .unique()
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('apiKeys').execute();
}
