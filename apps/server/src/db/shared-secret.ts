import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from './tables.js';

/**
 * The token-signing secret of a PostgreSQL deployment, kept in the database so every node signs
 * and checks tokens with the same key: the first node to start creates it, the others read it.
 */
export async function sharedSecret(db: Kysely<Database>): Promise<string> {
  const candidate = randomBytes(48).toString('base64url');
  await sql`insert into _settings (key, value) values ('secret', ${candidate}) on conflict (key) do nothing`.execute(
    db,
  );
  const { rows } = await sql<{
    value: string;
  }>`select value from _settings where key = 'secret'`.execute(db);
  const secret = rows[0]?.value;
  if (!secret) throw new Error('The shared secret could not be read from the database.');
  return secret;
}
