import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../column-types.js';

// What several server nodes on one PostgreSQL share (SQLite is one process, so it needs none):
//   _settings          the token-signing secret, so every node accepts every node's tokens
//   _realtime_events   committed record events; NOTIFY carries only their sequence number,
//                      since a NOTIFY payload is limited to 8,000 bytes
//   _realtime_clients  which node holds which realtime stream, so a subscription POST that
//                      reaches another node is forwarded there
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create table _settings (key text primary key, value text not null)`.execute(db);
  await sql`create table _realtime_events (
    seq bigint generated always as identity primary key,
    payload jsonb not null,
    created timestamptz not null default now()
  )`.execute(db);
  await sql`create table _realtime_clients (
    id text primary key,
    node_url text not null,
    created timestamptz not null default now()
  )`.execute(db);
  await sql`create index idx__realtime_clients_node on _realtime_clients (node_url)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of ['_realtime_clients', '_realtime_events', '_settings']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
