import { type Kysely, sql } from 'kysely';
import { columns, dialectOf, withRecordColumns } from '../column-types.js';

// The community side's equipment (issue 20; decision 0033): certification kinds, members'
// certifications, the equipment itself and its reservations.
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number } = c.types;
  await withRecordColumns(db.schema.createTable('certificationKinds'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('name', text, c.text)
    .addColumn('description', text, c.text)
    .execute();
  await withRecordColumns(db.schema.createTable('certifications'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('member', text, c.text)
    .addColumn('kind', text, c.text)
    .addColumn('granted', text, c.date)
    .addColumn('expires', text, c.date)
    .addColumn('note', text, c.text)
    .addColumn('remindedAt', text, c.date)
    .execute();
  await withRecordColumns(db.schema.createTable('equipment'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('name', text, c.text)
    .addColumn('category', text, c.text)
    .addColumn('serial', text, c.text)
    .addColumn('barcode', text, c.text)
    .addColumn('status', text, c.text)
    .addColumn('location', text, c.text)
    .addColumn('photo', text, c.text)
    .addColumn('notes', text, c.text)
    .addColumn('certificationRequired', text, c.text)
    .addColumn('replacementValue', number, c.number)
    .execute();
  await withRecordColumns(db.schema.createTable('reservations'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('equipment', text, c.text)
    .addColumn('member', text, c.text)
    .addColumn('starts', text, c.date)
    .addColumn('ends', text, c.date)
    .addColumn('status', text, c.text)
    .addColumn('booking', text, c.text)
    .addColumn('checkedOutAt', text, c.date)
    .addColumn('checkedInAt', text, c.date)
    .addColumn('checkoutNote', text, c.text)
    .addColumn('returnNote', text, c.text)
    .addColumn('note', text, c.text)
    .addColumn('remindedAt', text, c.date)
    .execute();
  const indexes: [string, string, string[]][] = [
    ['idx_certificationKinds_organization', 'certificationKinds', ['organization', 'name']],
    ['idx_certifications_organization', 'certifications', ['organization', 'created']],
    // "Does this member hold this kind?" — every reservation of an item that needs one asks.
    ['idx_certifications_member_kind', 'certifications', ['member', 'kind']],
    ['idx_equipment_organization', 'equipment', ['organization', 'name']],
    // The overlap check: an item's reservations by start.
    ['idx_reservations_equipment_starts', 'reservations', ['equipment', 'starts']],
    ['idx_reservations_organization_starts', 'reservations', ['organization', 'starts']],
    ['idx_reservations_member', 'reservations', ['member', 'starts']],
    // The reminders' questions: what is out past its end, what expires soon.
    ['idx_reservations_status_ends', 'reservations', ['status', 'ends']],
    ['idx_certifications_expires', 'certifications', ['expires']],
  ];
  for (const [name, table, fields] of indexes) {
    await db.schema.createIndex(name).on(table).columns(fields).execute();
  }
  if (dialect === 'postgres') {
    for (const table of ['certificationKinds', 'certifications', 'equipment', 'reservations']) {
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
  for (const table of ['reservations', 'equipment', 'certifications', 'certificationKinds']) {
    await db.schema.dropTable(table).execute();
  }
}
