import { type Kysely, sql } from 'kysely';
import { addRowId, columns, dialectOf, withRecordColumns } from '../column-types.js';

// Audience measurement (issue 41, decision 0052). Internal tables, never served by the record
// API: no address, no user agent, anywhere.
//   _analytics_events  one row per beacon taken: organization, channel, show ('' none), ad
//                      ('' unless a spot aired), embed ('' the app's own pages), origin ('' the
//                      app's own pages), session (the page's random id), kind (start|beat|end),
//                      at (epoch ms, the server's clock)
//   _analytics_5m, _analytics_1h  the rollups, one row per bucket (epoch ms of its start) and
//                      attribution: views, watch seconds, sessions seen, peak concurrent
//   _analytics_state   how far the rollups went: name ('5m', '1h') → the next bucket (epoch ms)
// and `audienceNow`, the record per channel of viewers watching now (members read it).
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  await sql`create table _analytics_events (
    organization text not null,
    channel text not null,
    show text not null default '',
    ad text not null default '',
    embed text not null default '',
    origin text not null default '',
    session text not null,
    kind text not null,
    at bigint not null
  )`.execute(db);
  // The rollups and the retention read by time; viewers now and the re-attribution of a
  // playout channel's bucket by channel and time.
  await sql`create index idx_analytics_events_at on _analytics_events (at)`.execute(db);
  await sql`create index idx_analytics_events_channel_at on _analytics_events (channel, at)`.execute(
    db,
  );
  for (const table of ['_analytics_5m', '_analytics_1h']) {
    await sql`create table ${sql.table(table)} (
      bucket bigint not null,
      organization text not null,
      channel text not null,
      show text not null,
      ad text not null,
      embed text not null,
      origin text not null,
      views integer not null,
      "watchSeconds" integer not null,
      sessions integer not null,
      peak integer not null,
      primary key (bucket, organization, channel, show, ad, embed, origin)
    )`.execute(db);
    // The reports: one station's rows over a window.
    await sql`create index ${sql.id(`idx${table}_organization_bucket`)} on ${sql.table(table)} (organization, bucket)`.execute(
      db,
    );
  }
  await sql`create table _analytics_state (
    name text primary key,
    next bigint not null
  )`.execute(db);

  const { text, number } = c.types;
  await withRecordColumns(db.schema.createTable('audienceNow'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('channel', text, c.text)
    .addColumn('viewers', number, c.number)
    .execute();
  await db.schema
    .createIndex('idx_audienceNow_organization')
    .on('audienceNow')
    .column('organization')
    .execute();
  await db.schema
    .createIndex('idx_audienceNow_channel')
    .on('audienceNow')
    .column('channel')
    .unique()
    .execute();
  await addRowId(db, 'audienceNow');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audienceNow').execute();
  for (const table of ['_analytics_state', '_analytics_1h', '_analytics_5m', '_analytics_events'])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
}
