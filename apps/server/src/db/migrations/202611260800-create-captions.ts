import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// Caption tracks (issue 18): a show's captions, subtitles and audio descriptions per language,
// their cues as JSON, served as WebVTT.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, bool, json } = c.types;
  await withRecordColumns(db.schema.createTable('captions'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('show', text, c.text)
    .addColumn('kind', text, c.text)
    .addColumn('language', text, c.text)
    .addColumn('label', text, c.text)
    .addColumn('isDefault', bool, c.bool)
    .addColumn('status', text, c.text)
    .addColumn('source', text, c.text)
    .addColumn('cues', json, c.jsonArray)
    .execute();
  await db.schema.createIndex('idx_captions_show').on('captions').column('show').execute();
  await db.schema
    .createIndex('idx_captions_organization')
    .on('captions')
    .columns(['organization', 'created'])
    .execute();
  if (dialect === 'postgres') {
    await sql`alter table captions add column "_rowid" bigint generated always as identity`.execute(
      db,
    );
    await db.schema
      .createIndex('idx_captions__rowid')
      .on('captions')
      .column('_rowid')
      .unique()
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captions').execute();
}
