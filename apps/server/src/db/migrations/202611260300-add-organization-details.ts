import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// The /organization page (issue 17): the station's contact, address, legal and public-page
// settings on the organization; the remittance details in their own admin-only collection
// (every member reads the organization); and the slugs an organization used to have, so its
// old public and feed URLs answer with a permanent redirect to the current slug.
const DETAIL_COLUMNS = [
  'contactPhone',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'legalName',
  'ein',
  'landingChannel',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, bool } = c.types;
  for (const column of DETAIL_COLUMNS) {
    await db.schema.alterTable('organizations').addColumn(column, text, c.text).execute();
  }
  await db.schema.alterTable('organizations').addColumn('unlisted', bool, c.bool).execute();

  await withRecordColumns(db.schema.createTable('remittances'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('bankName', text, c.text)
    .addColumn('accountName', text, c.text)
    .addColumn('routingNumber', text, c.text)
    .execute();
  // One per organization: the unique index is what says so to a second create.
  await db.schema
    .createIndex('idx_remittances_organization')
    .on('remittances')
    .column('organization')
    .unique()
    .execute();
  if (dialect === 'postgres') {
    await sql`alter table remittances add column "_rowid" bigint generated always as identity`.execute(
      db,
    );
    await db.schema
      .createIndex('idx_remittances__rowid')
      .on('remittances')
      .column('_rowid')
      .unique()
      .execute();
  }

  // A former slug belongs to one organization until that organization takes it back.
  await db.schema
    .createTable('_organization_slugs')
    .addColumn('slug', 'text', (col) => col.primaryKey().notNull())
    .addColumn('organization', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('idx__organization_slugs_organization')
    .on('_organization_slugs')
    .column('organization')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('_organization_slugs').ifExists().execute();
  await db.schema.dropTable('remittances').ifExists().execute();
  for (const column of [...DETAIL_COLUMNS, 'unlisted']) {
    await db.schema.alterTable('organizations').dropColumn(column).execute();
  }
}
