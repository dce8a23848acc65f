import { type Kysely, sql } from 'kysely';
import { addRowId, columns, dialectOf, withRecordColumns } from '../column-types.js';

// Airgrid playout (issue 39; decisions 0043 and 0044): a channel's source, its packaging profile
// and filler rotation; `playoutPackages`, one row per media packaged into HLS segments; and
// `_playout_days`, the write-once count of item starts (discontinuities) each channel aired
// through the end of a UTC day, so every node numbers the live playlist the same and a later edit
// of a day that has aired cannot move the numbers players hold; `_playout_fills`, the filler and
// slate in force from an instant on, so a change never alters a gap already on air.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, json } = c.types;
  for (const [name, type, constraint] of [
    ['source', text, c.text],
    ['playoutProfile', text, c.text],
    ['filler', json, c.jsonArray],
  ] as const) {
    await db.schema.alterTable('channels').addColumn(name, type, constraint).execute();
  }
  await withRecordColumns(db.schema.createTable('playoutPackages'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('show', text, c.text)
    .addColumn('channel', text, c.text)
    .addColumn('profile', text, c.text)
    .addColumn('source', text, c.text)
    .addColumn('segmentSec', number, c.number)
    .addColumn('segments', number, c.number)
    .addColumn('durationSec', number, c.number)
    .execute();
  for (const [index, cols] of [
    ['organization', ['organization', 'created']],
    ['show_profile', ['show', 'profile']],
    ['channel_profile', ['channel', 'profile']],
  ] as const) {
    await db.schema
      .createIndex(`idx_playoutPackages_${index}`)
      .on('playoutPackages')
      .columns([...cols])
      .execute();
  }
  await addRowId(db, 'playoutPackages');
  //   channel  the channel's id
  //   day      the UTC day, as days since 1970-01-01
  //   starts   item starts from the channel's first counted day through the end of `day`
  await sql`create table _playout_days (
    channel text not null,
    day integer not null,
    starts bigint not null,
    primary key (channel, day)
  )`.execute(db);
  // What fills a channel's gaps from an instant on (a FillVersion of packages/domain's playout):
  //   channel  the channel's id
  //   from     epoch ms, a segment boundary: gaps starting at or after it use this version
  //   fill     JSON: { clips: [{ id, segments }], slate: { id, segments } }, packages by id
  await sql`create table _playout_fills (
    channel text not null,
    "from" bigint not null,
    fill text not null,
    primary key (channel, "from")
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists _playout_fills`.execute(db);
  await sql`drop table if exists _playout_days`.execute(db);
  await db.schema.dropTable('playoutPackages').execute();
  for (const name of ['source', 'playoutProfile', 'filler']) {
    await db.schema.alterTable('channels').dropColumn(name).execute();
  }
}
