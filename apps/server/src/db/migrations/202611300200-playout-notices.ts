import { type Kysely, sql } from 'kysely';

// Readiness before air (issue 39, item 4): what the station's staff were told of, so each
// problem of a timeslot (or a gap) is notified once, by whichever node claims the run.
//   channel   the channel's id
//   key       what was told: "{kind}:{timeslot}" or "gap:{start ms}"
//   notified  epoch ms (rows older than a week are deleted)
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table _playout_notices (
    channel text not null,
    key text not null,
    notified bigint not null,
    primary key (channel, key)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists _playout_notices`.execute(db);
}
