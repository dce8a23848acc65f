import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../column-types.js';

// The request log superusers read at /api/logs (features/operator/README.md), PocketBase's
// `_logs`: a plain table, not a collection, so neither the records API nor realtime ever sees
// it. One row per answered request, written in batches:
//   id       15 characters, as a record id
//   created  when the answer finished, "YYYY-MM-DD HH:MM:SS.mmmZ" (retention deletes by it)
//   level    slog's level, as PocketBase: 0 info, 8 error (an answer of 400 or more)
//   message  "GET /api/health": the method and the URL, secrets redacted
//   data     { type: 'request', method, url, status, execTime, auth, authId?, userIP?,
//            remoteIP?, error? }: JSON text on SQLite, jsonb on PostgreSQL
// Indexed for the newest first and the retention's delete (`created`), and for the filter an
// operator reaches for first, `data.status >= 400` (the expression logs-repository.ts filters
// and sorts by). Each index costs every insert (on SQLite, measured: a level index and the
// status index add half again to a line's insert), so `level` (8 exactly when status >= 400)
// and the texts, which `~` scans anyway, have none.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await sql`create table _logs (
    id text primary key,
    created text not null default '',
    level integer not null default 0,
    message text not null default '',
    data ${postgres ? sql`jsonb` : sql`text`} not null default '{}'
  )`.execute(db);
  await sql`create index idx__logs_created on _logs (created)`.execute(db);
  const status = postgres
    ? sql`(cast(data ->> 'status' as double precision))`
    : sql`json_extract(data, '$.status')`;
  await sql`create index idx__logs_status on _logs (${status}, created)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists _logs`.execute(db);
}
