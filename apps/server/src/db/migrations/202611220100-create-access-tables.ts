import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

const EXISTING = [
  '_superusers',
  'users',
  'organizations',
  'channels',
  'series',
  'shows',
  'timeslots',
];

// The rest of the record API's collections (external auths, invites, waitlist, recurrences,
// feedback), and on PostgreSQL an insertion-order column: SQLite lists rows in rowid order when
// no sort is given, and PostgreSQL needs `_rowid` to do the same (and to serve `@rowid`).
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, bool, json } = c.types;
  const rowid = async (table: string) => {
    if (dialect === 'postgres') {
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
  };
  for (const table of EXISTING) await rowid(table);

  await withRecordColumns(db.schema.createTable('_externalAuths'), dialect)
    .addColumn('collectionRef', text, c.text)
    .addColumn('recordRef', text, c.text)
    .addColumn('provider', text, c.text)
    .addColumn('providerId', text, c.text)
    .execute();
  await db.schema
    .createIndex('idx__externalAuths_record_provider')
    .on('_externalAuths')
    .columns(['collectionRef', 'recordRef', 'provider'])
    .unique()
    .execute();
  await db.schema
    .createIndex('idx__externalAuths_provider_id')
    .on('_externalAuths')
    .columns(['collectionRef', 'provider', 'providerId'])
    .unique()
    .execute();

  await withRecordColumns(db.schema.createTable('invites'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('email', text, c.text)
    .addColumn('role', text, c.text)
    .addColumn('token', text, c.text)
    .addColumn('expires', text, c.date)
    .addColumn('accepted', bool, c.bool)
    .execute();
  await db.schema
    .createIndex('idx_invites_organization')
    .on('invites')
    .column('organization')
    .execute();
  await db.schema.createIndex('idx_invites_token').on('invites').column('token').execute();

  await withRecordColumns(db.schema.createTable('waitlist'), dialect)
    .addColumn('email', text, c.text)
    .addColumn('name', text, c.text)
    .addColumn('station', text, c.text)
    .addColumn('note', text, c.text)
    .execute();

  await withRecordColumns(db.schema.createTable('recurrences'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('channel', text, c.text)
    .addColumn('show', text, c.text)
    .addColumn('rrule', text, c.text)
    .addColumn('timeZone', text, c.text)
    .addColumn('startLocal', text, c.text)
    .addColumn('durationSec', number, c.number)
    .addColumn('until', text, c.date)
    .addColumn('exceptions', json, c.jsonArray)
    .execute();
  await db.schema
    .createIndex('idx_recurrences_channel')
    .on('recurrences')
    .column('channel')
    .execute();

  await withRecordColumns(db.schema.createTable('feedback'), dialect)
    .addColumn('user', text, c.text)
    .addColumn('email', text, c.text)
    .addColumn('message', text, c.text)
    .addColumn('page', text, c.text)
    .execute();

  for (const table of ['_externalAuths', 'invites', 'waitlist', 'recurrences', 'feedback'])
    await rowid(table);
  await db.schema.createIndex('idx_shows_producer').on('shows').column('producer').execute();
  await db.schema
    .createIndex('idx_timeslots_organization_start')
    .on('timeslots')
    .columns(['organization', 'start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['feedback', 'recurrences', 'waitlist', 'invites', '_externalAuths']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('idx_shows_producer').ifExists().execute();
  await db.schema.dropIndex('idx_timeslots_organization_start').ifExists().execute();
  if (dialectOf(db) === 'postgres') {
    for (const table of EXISTING) {
      await sql`alter table ${sql.table(table)} drop column if exists "_rowid"`.execute(db);
    }
  }
}
