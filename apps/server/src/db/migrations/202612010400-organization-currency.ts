import { type Kysely, sql } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// Issue 40, item 7: a station bills its sponsors in its own currency (campaign rates, invoices),
// and its invoices may carry a payment note (terms, a reference to quote) under the bank
// details. Every station before this billed in US dollars: they keep doing so until they
// choose another.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  await db.schema.alterTable('organizations').addColumn('currency', c.types.text, c.text).execute();
  await sql`update organizations set currency = 'USD' where currency = ''`.execute(db);
  await db.schema.alterTable('remittances').addColumn('notes', c.types.text, c.text).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remittances').dropColumn('notes').execute();
  await db.schema.alterTable('organizations').dropColumn('currency').execute();
}
