import { createServer } from 'node:net';
import os from 'node:os';
import pg from 'pg';

// Pieces every benchmark needs: the --db option, clean-up that survives failures and Ctrl-C, a
// throw-away PostgreSQL database, and the machine's description for the results files.

export type Dialect = 'sqlite' | 'postgres';

export const POSTGRES_ADMIN_URL =
  process.env.AIRGRID_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `--db sqlite|postgres|both` as the list of dialects to run. */
export function parseDialects(db: string | undefined): Dialect[] {
  if (db !== 'sqlite' && db !== 'postgres' && db !== 'both') {
    throw new Error(`--db must be sqlite, postgres or both (got ${JSON.stringify(db)}).`);
  }
  return db === 'both' ? ['sqlite', 'postgres'] : [db];
}

/** A whole number option within bounds, or a clear error naming the option. */
export function parseWholeNumber(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max} (got ${raw}).`);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Clean-up: every resource registers how to undo itself, so a failure or Ctrl-C at any step
// still stops the servers, removes the temp dirs and drops the database.

const cleanups: (() => unknown)[] = [];
/** A clean-up step that hangs (say, a server draining a load that was never stopped) is skipped. */
const CLEANUP_STEP_MS = 15_000;

/** Registers an undo step; steps run last-registered first. */
export function onCleanUp(undo: () => unknown): void {
  cleanups.push(undo);
}

export async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const undo = cleanups.pop();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), CLEANUP_STEP_MS);
    });
    try {
      await Promise.race([undo?.(), timeout]);
    } catch (error) {
      console.error(`clean-up step failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }
}

export function exitOnSignals(): void {
  const stop = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function withPostgresAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A throw-away PostgreSQL database named `<prefix>_<pid>_<random>`, dropped at clean-up.
 * Written here rather than taken from apps/server/test/test-database.ts because that module
 * picks its dialect and admin URL from the test runner's environment when it is imported.
 */
export async function createPostgresDatabase(prefix = 'airgrid_bench'): Promise<string> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  try {
    await withPostgresAdmin((client) => client.query(`create database ${name}`));
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${(error as Error).message}). ` +
        'Start it or point AIRGRID_BENCH_POSTGRES_URL at one.',
    );
  }
  onCleanUp(() =>
    withPostgresAdmin((client) => client.query(`drop database if exists ${name} with (force)`)),
  );
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// Report

export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${formatNumber(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** The 1-minute load average: other work on the machine makes the figures noisy. */
export function load(): string {
  return formatNumber(os.loadavg()[0] ?? 0, 2);
}

/** Prints rows as an aligned plain-text table, the first row being the header. */
export function printTable(title: string, table: string[][]): void {
  const header = table[0] ?? [];
  const widths = header.map((_, column) =>
    Math.max(...table.map((line) => (line[column] ?? '').length)),
  );
  console.log(`\n${title}`);
  for (const [index, line] of table.entries()) {
    console.log(line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

/** The same rows as a Markdown table; the first column left-aligned, the others right. */
export function markdownTable(table: string[][]): string[] {
  const [header = [], ...rows] = table;
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, column) => (column === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

/** A loopback port free right now, for a server that must know its own address before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
