import type { Kysely } from 'kysely';
import { addRowId, columns, dialectOf, withRecordColumns } from '../column-types.js';

// Community producers' show submissions and their review (issue 20; decision 0033).
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const c = columns(dialect);
  const { text, number, bool } = c.types;
  await withRecordColumns(db.schema.createTable('submissions'), dialect)
    .addColumn('organization', text, c.text)
    .addColumn('title', text, c.text)
    .addColumn('description', text, c.text)
    .addColumn('category', text, c.text)
    .addColumn('rating', text, c.text)
    .addColumn('language', text, c.text)
    .addColumn('durationSec', number, c.number)
    .addColumn('mediaUrl', text, c.text)
    .addColumn('submitterName', text, c.text)
    .addColumn('submitterEmail', text, c.text)
    .addColumn('submitter', text, c.text)
    .addColumn('licenceAccepted', bool, c.bool)
    .addColumn('policyAccepted', bool, c.bool)
    .addColumn('status', text, c.text)
    .addColumn('reviewNote', text, c.text)
    .addColumn('show', text, c.text)
    .addColumn('statusToken', text, c.text)
    .execute();
  // The review queue, newest first; the status link's lookup.
  await db.schema
    .createIndex('idx_submissions_organization_status')
    .on('submissions')
    .columns(['organization', 'status', 'created'])
    .execute();
  await db.schema
    .createIndex('idx_submissions_statusToken')
    .on('submissions')
    .column('statusToken')
    .execute();
  await addRowId(db, 'submissions');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('submissions').execute();
}
