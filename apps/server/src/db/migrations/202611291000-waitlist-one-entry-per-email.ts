import { type Kysely, sql } from 'kysely';

// The waitlist keeps one entry per address (joining again updates it: features/waitlist). An
// address listed twice before keeps its first entry; then a unique index holds it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from waitlist where exists (
      select 1 from waitlist earlier
      where lower(earlier.email) = lower(waitlist.email)
        and (earlier.created < waitlist.created
          or (earlier.created = waitlist.created and earlier.id < waitlist.id)))`.execute(db);
  await db.schema
    .createIndex('idx_waitlist_email')
    .on('waitlist')
    .unique()
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_waitlist_email').execute();
}
