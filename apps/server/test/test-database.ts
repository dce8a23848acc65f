import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** Which database this integration run uses: set per Vitest project (see vitest.config.ts). */
export const testDialect: 'sqlite' | 'postgres' =
  process.env.AIRGRID_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** The PostgreSQL server the tests create throw-away databases on. */
export const postgresAdminUrl =
  process.env.AIRGRID_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** A fresh, empty DATA_DIR. */
  dataDir: string;
  /** The environment that points Airgrid at this database (DATA_DIR, and DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  /** Drops the database and deletes DATA_DIR. */
  drop(): Promise<void>;
}

/** The SQLite file's name in DATA_DIR (config.ts). */
const SQLITE_FILE = 'airgrid.db';

/**
 * A fresh database for one test file: an empty DATA_DIR (SQLite lives there), plus on
 * PostgreSQL a database of its own, created here and dropped afterwards. `migrated` starts it
 * as a copy of the run's template, migrated once by global-setup.ts (a SQLite file copied, or
 * PostgreSQL's CREATE DATABASE … TEMPLATE), instead of running every migration again.
 */
export async function createTestDatabase({ migrated = false } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-test-'));
  const template = migrated ? inject('airgridTemplate') : '';
  if (testDialect === 'sqlite') {
    if (template) {
      for (const suffix of ['', '-wal']) {
        const file = path.join(template, `${SQLITE_FILE}${suffix}`);
        if (existsSync(file)) copyFileSync(file, path.join(dataDir, `${SQLITE_FILE}${suffix}`));
      }
    }
    return {
      dataDir,
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `airgrid_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin((client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) },
    drop: async () => {
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The address of a database on the test PostgreSQL server. */
export function databaseUrl(name: string): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates or drops a database on the test PostgreSQL server (global-setup.ts's template). */
export async function adminQuery(sqlText: string): Promise<void> {
  await withAdmin((client) => client.query(sqlText));
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Throws a message saying how to fix it when PostgreSQL cannot be reached. */
export async function assertPostgresReachable(): Promise<void> {
  try {
    await withAdmin((client) => client.query('select 1'));
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${postgresAdminUrl} (${(error as Error).message}). ` +
        'Start it (pg_ctlcluster <version> main start) or point AIRGRID_TEST_POSTGRES_URL at one.',
    );
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The run's migrated template (global-setup.ts): a DATA_DIR holding the SQLite file, or
     * the PostgreSQL database's name.
     */
    airgridTemplate: string;
  }
}
