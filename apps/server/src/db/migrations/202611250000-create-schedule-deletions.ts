import { type Kysely, sql } from 'kysely';

// When an organization last deleted a channel, show or timeslot. A feed's Last-Modified is the
// latest `updated` of what it is made of, which a deletion cannot raise: without this, a client
// that asks only If-Modified-Since would keep a deleted programme. One row per organization,
// written by the collections' delete hooks (collections/schedule-deletions-repository.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table _schedule_deletions (
    organization text primary key,
    deleted text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists _schedule_deletions`.execute(db);
}
