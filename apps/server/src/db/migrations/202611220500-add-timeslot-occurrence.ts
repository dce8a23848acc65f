import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// A timeslot made from a recurrence remembers which instance it is (the occurrence key, the
// instance's original local start), so moving, cancelling or deleting it writes the matching
// exception on the recurrence and a later expansion never brings the instance back at its
// old place. Expansion looks instances up by (recurrence, occurrence).
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  await db.schema.alterTable('timeslots').addColumn('occurrence', c.types.text, c.text).execute();
  await db.schema
    .createIndex('idx_timeslots_recurrence_occurrence')
    .on('timeslots')
    .columns(['recurrence', 'occurrence'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_timeslots_recurrence_occurrence').ifExists().execute();
  await db.schema.alterTable('timeslots').dropColumn('occurrence').execute();
}
