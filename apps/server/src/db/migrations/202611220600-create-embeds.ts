import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// Widgets for stations' own websites (the embeds collection). Members list their
// organization's, so organization is indexed; anyone loads one by id (the primary key).
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, json } = c.types;
  await withRecordColumns(db.schema.createTable('embeds'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('name', text, c.text)
    .addColumn('kind', text, c.text)
    .addColumn('channels', json, c.jsonArray)
    .addColumn('theme', text, c.text)
    .addColumn('accent', text, c.text)
    .addColumn('width', number, c.number)
    .addColumn('height', number, c.number)
    .addColumn('options', json, c.jsonObject)
    .addColumn('allowedOrigins', json, c.jsonArray)
    .execute();
  await db.schema
    .createIndex('idx_embeds_organization')
    .on('embeds')
    .column('organization')
    .execute();
  if (dialect === 'postgres') {
    await sql`alter table embeds add column "_rowid" bigint generated always as identity`.execute(
      db,
    );
    await db.schema
      .createIndex('idx_embeds__rowid')
      .on('embeds')
      .column('_rowid')
      .unique()
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('embeds').ifExists().execute();
}
