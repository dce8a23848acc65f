import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// Signed webhooks (issue 19, item 5; decision 0032): `webhooks`, where an organization's events
// go, and `webhookDeliveries`, one row per event sent to one webhook, which is also the queue
// every node takes due deliveries from (features/webhooks/webhook-deliveries-repository.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, bool, json } = c.types;
  await withRecordColumns(db.schema.createTable('webhooks'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('url', text, c.text)
    .addColumn('events', json, c.jsonArray)
    .addColumn('description', text, c.text)
    .addColumn('enabled', bool, c.bool)
    .addColumn('secret', text, c.text)
    .addColumn('failingSince', text, c.date)
    .addColumn('disabledReason', text, c.text)
    .execute();
  await db.schema
    .createIndex('idx_webhooks_organization')
    .on('webhooks')
    .columns(['organization', 'created'])
    .execute();

  await withRecordColumns(db.schema.createTable('webhookDeliveries'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('webhook', text, c.text)
    .addColumn('event', text, c.text)
    .addColumn('payload', json, c.jsonObject)
    .addColumn('status', text, c.text)
    .addColumn('attempts', number, c.number)
    .addColumn('responseStatus', number, c.number)
    .addColumn('responseMs', number, c.number)
    .addColumn('error', text, c.text)
    .addColumn('nextAttempt', text, c.date)
    .addColumn('deliveredAt', text, c.date)
    .addColumn('lockedBy', text, c.text)
    .addColumn('lockedUntil', text, c.date)
    .execute();
  // The senders' question: what is due, soonest first.
  await db.schema
    .createIndex('idx_webhookDeliveries_status_next')
    .on('webhookDeliveries')
    .columns(['status', 'nextAttempt'])
    .execute();
  // A webhook's log, newest first, and its trimming.
  await db.schema
    .createIndex('idx_webhookDeliveries_webhook')
    .on('webhookDeliveries')
    .columns(['webhook', 'created'])
    .execute();
  await db.schema
    .createIndex('idx_webhookDeliveries_organization')
    .on('webhookDeliveries')
    .columns(['organization', 'created'])
    .execute();
  if (dialect === 'postgres') {
    for (const table of ['webhooks', 'webhookDeliveries']) {
      await sql`alter table ${sql.id(table)} add column "_rowid" bigint generated always as identity`.execute(
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
  await db.schema.dropTable('webhookDeliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
