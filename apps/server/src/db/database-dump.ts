import { execFile, execFileSync } from 'node:child_process';
import type { DatabaseHandle } from './database.js';

// PostgreSQL's own tools, pg_dump and pg_restore (Debian's postgresql-client), for backups of a
// live PostgreSQL database (features/operator's /api/backups). SQLite needs no tool: its online
// backup API is in better-sqlite3 (sqlite-backup.ts).

/** What an operator reads when a PostgreSQL backup cannot run. */
export const PG_TOOLS_MISSING =
  'PostgreSQL backups need pg_dump and pg_restore: install postgresql-client (the same major ' +
  'version as the PostgreSQL server, or newer) on the machine that runs Airgrid.';

let installed: boolean | undefined;

/** True when pg_dump and pg_restore run here (asked once per process). */
export function postgresClientInstalled(): boolean {
  if (installed === undefined) {
    installed = ['pg_dump', 'pg_restore'].every((tool) => {
      try {
        execFileSync(tool, ['--version'], { stdio: 'ignore', timeout: 10_000 });
        return true;
      } catch {
        return false;
      }
    });
  }
  return installed;
}

/** True when this database can be backed up and restored by the server (GET /api/health). */
export function canBackup(database: Pick<DatabaseHandle, 'dialect'>): boolean {
  return database.dialect === 'sqlite' || postgresClientInstalled();
}

/**
 * The connection URL without its password, and the password in PGPASSWORD: a password on the
 * command line would be readable by anyone on the machine (ps).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const said = String(stderr).trim().split('\n').slice(-5).join(' ').slice(0, 1000);
      reject(new Error(`${tool} failed: ${said || error.message}`));
    });
  });
}

/** Writes the whole database to `target` in pg_dump's custom format (a consistent snapshot). */
export async function dumpPostgres(url: string, target: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${dbname}`],
    env,
  );
}

/**
 * Replaces every table, sequence and index the dump holds in the live database, in one
 * transaction (`--single-transaction`): a failure leaves the database as it was.
 */
export async function restorePostgres(url: string, source: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${dbname}`,
      source,
    ],
    env,
  );
}

/** Throws unless `file` is an archive pg_restore can read (its table of contents). */
export async function checkPostgresDump(file: string): Promise<void> {
  await run('pg_restore', ['--list', file], process.env);
}
