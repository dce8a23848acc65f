// `npm run test:e2e:postgres [-- <playwright args>]`: the browser tests against a server on
// PostgreSQL. Creates a throw-away database on AIRGRID_TEST_POSTGRES_URL's server, runs
// Playwright with the server pointed at it (playwright.config.ts reads
// AIRGRID_E2E_DATABASE_URL), and drops the database afterwards, whatever the outcome.
// With no spec named it runs the specs listed in POSTGRES_SPECS: the flows where the two
// databases differ most (concurrent reservations, uploads, review, member pages), not the whole
// browser tier twice.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const POSTGRES_SPECS = [
  'apps/web/e2e/journey.spec.ts',
  'apps/web/e2e/submission.spec.ts',
  'apps/web/e2e/submission-review.spec.ts',
  'apps/web/e2e/equipment.spec.ts',
  'apps/web/e2e/members.spec.ts',
];

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl =
  process.env.AIRGRID_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs Playwright on a fresh PostgreSQL database; resolves to its exit status. */
export async function runOnPostgres(args, env = {}) {
  const name = `airgrid_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await admin(`create database ${name}`);
  } catch (error) {
    process.stderr.write(
      `Cannot create a database on PostgreSQL at ${adminUrl}: ${error.message}\n` +
        'Start PostgreSQL (pg_ctlcluster <version> main start) or set AIRGRID_TEST_POSTGRES_URL.\n',
    );
    return 1;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-e2e-pg-'));
  try {
    const result = spawnSync(
      'npx',
      [
        'playwright',
        'test',
        ...(args.some((arg) => arg.includes('.spec.')) ? [] : POSTGRES_SPECS),
        ...args,
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          ...env,
          AIRGRID_E2E_DATABASE_URL: url.toString(),
          AIRGRID_E2E_DATA_DIR: dataDir,
        },
      },
    );
    return result.status ?? 1;
  } finally {
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(await runOnPostgres(process.argv.slice(2)));
}
