import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// The first tables: the two auth collections, organizations and the scheduling core
// (channels, series, shows, timeslots). Relations are plain text ids, as in PocketBase:
// the record engine enforces them, so an empty relation is "" rather than a NULL foreign key.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, bool, json } = c.types;

  for (const name of ['_superusers', 'users']) {
    let table = withRecordColumns(db.schema.createTable(name), dialect)
      .addColumn('email', text, c.text)
      .addColumn('emailVisibility', bool, c.bool)
      .addColumn('verified', bool, c.bool)
      .addColumn('password', text, c.text)
      .addColumn('tokenKey', text, c.text);
    if (name === 'users') {
      table = table
        .addColumn('name', text, c.text)
        .addColumn('username', text, c.text)
        .addColumn('phone', text, c.text)
        .addColumn('bio', text, c.text)
        .addColumn('avatar', text, c.text)
        .addColumn('organization', text, c.text)
        .addColumn('role', text, c.text)
        .addColumn('privileges', json, c.jsonArray)
        .addColumn('settings', json, c.jsonObject);
    }
    await table.execute();
    // Emails are unique case-insensitively, like PocketBase's auth collections.
    await db.schema
      .createIndex(`idx_${name}_email`)
      .on(name)
      .unique()
      .expression(sqlLower('email'))
      .where(sql<boolean>`email <> ''`)
      .execute();
    await db.schema
      .createIndex(`idx_${name}_token_key`)
      .on(name)
      .column('tokenKey')
      .unique()
      .execute();
  }
  await db.schema
    .createIndex('idx_users_organization')
    .on('users')
    .column('organization')
    .execute();

  await withRecordColumns(db.schema.createTable('organizations'), dialect)
    .addColumn('name', text, c.text)
    .addColumn('slug', text, c.text)
    .addColumn('logo', text, c.text)
    .addColumn('timeZone', text, c.text)
    .addColumn('website', text, c.text)
    .addColumn('contactEmail', text, c.text)
    .addColumn('branding', json, c.jsonObject)
    .addColumn('settings', json, c.jsonObject)
    .addColumn('archived', bool, c.bool)
    .execute();
  await db.schema
    .createIndex('idx_organizations_slug')
    .on('organizations')
    .column('slug')
    .unique()
    .execute();

  await withRecordColumns(db.schema.createTable('channels'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('name', text, c.text)
    .addColumn('slug', text, c.text)
    .addColumn('number', number, c.number)
    .addColumn('description', text, c.text)
    .addColumn('logo', text, c.text)
    .addColumn('streamUrl', text, c.text)
    .addColumn('timeZone', text, c.text)
    .addColumn('public', bool, c.bool)
    .addColumn('color', text, c.text)
    .addColumn('bumperTitle', text, c.text)
    .addColumn('bumperDescription', text, c.text)
    .addColumn('bumperImage', text, c.text)
    .addColumn('sortOrder', number, c.number)
    .addColumn('archived', bool, c.bool)
    .execute();
  await db.schema
    .createIndex('idx_channels_organization_slug')
    .on('channels')
    .columns(['organization', 'slug'])
    .unique()
    .execute();

  await withRecordColumns(db.schema.createTable('series'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('title', text, c.text)
    .addColumn('description', text, c.text)
    .addColumn('category', text, c.text)
    .addColumn('thumbnail', text, c.text)
    .execute();
  await db.schema
    .createIndex('idx_series_organization')
    .on('series')
    .column('organization')
    .execute();

  await withRecordColumns(db.schema.createTable('shows'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('series', text, c.text)
    .addColumn('title', text, c.text)
    .addColumn('subtitle', text, c.text)
    .addColumn('description', text, c.text)
    .addColumn('category', text, c.text)
    .addColumn('tags', json, c.jsonArray)
    .addColumn('rating', text, c.text)
    .addColumn('language', text, c.text)
    .addColumn('durationSec', number, c.number)
    .addColumn('media', text, c.text)
    .addColumn('mediaUrl', text, c.text)
    .addColumn('thumbnail', text, c.text)
    .addColumn('producer', text, c.text)
    .addColumn('producerName', text, c.text)
    .addColumn('season', number, c.number)
    .addColumn('episode', number, c.number)
    .addColumn('captionStatus', text, c.text)
    .addColumn('status', text, c.text)
    .addColumn('externalIds', json, c.jsonObject)
    .execute();
  await db.schema
    .createIndex('idx_shows_organization_title')
    .on('shows')
    .columns(['organization', 'title'])
    .execute();

  await withRecordColumns(db.schema.createTable('timeslots'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('channel', text, c.text)
    .addColumn('show', text, c.text)
    .addColumn('start', text, c.date)
    .addColumn('durationSec', number, c.number)
    .addColumn('status', text, c.text)
    .addColumn('recurrence', text, c.text)
    .addColumn('locked', bool, c.bool)
    .addColumn('bundle', text, c.text)
    .addColumn('source', text, c.text)
    .addColumn('note', text, c.text)
    .execute();
  // The guide reads one window per channel ordered by start: (channel, start) serves it.
  await db.schema
    .createIndex('idx_timeslots_channel_start')
    .on('timeslots')
    .columns(['channel', 'start'])
    .execute();
  await db.schema.createIndex('idx_timeslots_show').on('timeslots').column('show').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'timeslots',
    'shows',
    'series',
    'channels',
    'organizations',
    'users',
    '_superusers',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

function sqlLower(column: string) {
  return sql`lower(${sql.ref(column)})`;
}
