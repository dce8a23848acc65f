import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// Notifications for one user each (seed-spec §3): the bell lists a user's unread ones newest
// first, so (user, read) is indexed.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, bool } = c.types;
  await withRecordColumns(db.schema.createTable('notifications'), dialect)
    .addColumn('user', text, c.text)
    .addColumn('title', text, c.text)
    .addColumn('body', text, c.text)
    .addColumn('read', bool, c.bool)
    .addColumn('type', text, c.text)
    .addColumn('path', text, c.text)
    .addColumn('img', text, c.text)
    .execute();
  await db.schema
    .createIndex('idx_notifications_user_read')
    .on('notifications')
    .columns(['user', 'read'])
    .execute();
  if (dialect === 'postgres') {
    await sql`alter table notifications add column "_rowid" bigint generated always as identity`.execute(
      db,
    );
    await db.schema
      .createIndex('idx_notifications__rowid')
      .on('notifications')
      .column('_rowid')
      .unique()
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
}
