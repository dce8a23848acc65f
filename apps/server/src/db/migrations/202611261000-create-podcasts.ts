import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// Podcasts and their episodes (issue 18): the feed at /api/v1/feeds/podcasts/{slug}.xml, so a
// podcast's slug is unique on the server.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, bool, number } = c.types;
  await withRecordColumns(db.schema.createTable('podcasts'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('title', text, c.text)
    .addColumn('slug', text, c.text)
    .addColumn('description', text, c.text)
    .addColumn('author', text, c.text)
    .addColumn('ownerEmail', text, c.text)
    .addColumn('cover', text, c.text)
    .addColumn('category', text, c.text)
    .addColumn('explicit', bool, c.bool)
    .addColumn('language', text, c.text)
    .addColumn('type', text, c.text)
    .addColumn('public', bool, c.bool)
    .addColumn('guid', text, c.text)
    .execute();
  await db.schema.createIndex('idx_podcasts_slug').on('podcasts').column('slug').unique().execute();
  await db.schema
    .createIndex('idx_podcasts_organization')
    .on('podcasts')
    .columns(['organization', 'created'])
    .execute();

  await withRecordColumns(db.schema.createTable('episodes'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('podcast', text, c.text)
    .addColumn('title', text, c.text)
    .addColumn('description', text, c.text)
    .addColumn('audio', text, c.text)
    .addColumn('durationSec', number, c.number)
    .addColumn('season', number, c.number)
    .addColumn('episode', number, c.number)
    .addColumn('episodeType', text, c.text)
    .addColumn('explicit', bool, c.bool)
    .addColumn('publishedAt', text, c.date)
    .addColumn('guid', text, c.text)
    .addColumn('show', text, c.text)
    .execute();
  // The feed's question: a podcast's published episodes, newest first.
  await db.schema
    .createIndex('idx_episodes_podcast_published')
    .on('episodes')
    .columns(['podcast', 'publishedAt'])
    .execute();
  await db.schema
    .createIndex('idx_episodes_organization')
    .on('episodes')
    .columns(['organization', 'created'])
    .execute();
  await db.schema.createIndex('idx_episodes_show').on('episodes').column('show').execute();
  if (dialect === 'postgres') {
    for (const table of ['podcasts', 'episodes']) {
      await sql`alter table ${sql.table(table)} add column "_rowid" bigint generated always as identity`.execute(
        db,
      );
      await db.schema
        .createIndex(`idx_${table}__rowid`)
        .on(table)
        .column('_rowid')
        .unique()
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('episodes').execute();
  await db.schema.dropTable('podcasts').execute();
}
