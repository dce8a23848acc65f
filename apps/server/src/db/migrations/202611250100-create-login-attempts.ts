import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../column-types.js';

// The sign-in throttle's counters (auth/login-throttle.ts), in the database so every process
// sharing it counts together: the WORKERS on one SQLite file, the nodes on one PostgreSQL.
// One row per key ("a:" address, "i:" account, "p:" address and account) and fixed window:
//   count    attempts in the window that were let through to the password check and not given
//            back (a success or an error that is not a wrong password gives its attempt back)
//   expires  when the window ends, in epoch milliseconds; an expired row is reused by the next
//            attempt and deleted by the throttle's sweep, which the index serves
export async function up(db: Kysely<unknown>): Promise<void> {
  const bigint = dialectOf(db) === 'postgres' ? sql`bigint` : sql`integer`;
  await sql`create table _login_attempts (
    key text primary key,
    count integer not null default 0,
    expires ${bigint} not null default 0
  )`.execute(db);
  await sql`create index idx__login_attempts_expires on _login_attempts (expires)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists _login_attempts`.execute(db);
}
