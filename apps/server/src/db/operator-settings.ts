import { type Kysely, sql } from 'kysely';
import type { Database } from './tables.js';

// The settings an operator changes from the API (PATCH /api/settings) rather than the
// environment, kept as one JSON value in `_settings` so every node of a PostgreSQL deployment
// reads the same. What is not here comes from the environment (config.ts).

/** An SMTP server the operator set in the console: it replaces SMTP_URL while enabled. */
export interface StoredSmtp {
  enabled: boolean;
  host: string;
  port: number;
  username: string;
  password: string;
  /** Implicit TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  tls: boolean;
}

export interface StoredSettings {
  /** The sender of every mail, replacing MAIL_FROM. */
  sender?: { name: string; address: string };
  smtp?: StoredSmtp;
}

const KEY = 'operator';

export async function readOperatorSettings(db: Kysely<Database>): Promise<StoredSettings> {
  const { rows } = await sql<{
    value: string;
  }>`select value from _settings where key = ${KEY}`.execute(db);
  const value = rows[0]?.value;
  if (!value) return {};
  try {
    return JSON.parse(value) as StoredSettings;
  } catch {
    return {};
  }
}

export async function writeOperatorSettings(db: Kysely<Database>, settings: StoredSettings) {
  const value = JSON.stringify(settings);
  await sql`insert into _settings (key, value) values (${KEY}, ${value})
    on conflict (key) do update set value = excluded.value`.execute(db);
}
