// `npm test`: every check and every test tier, in order of cost.
//   1. typecheck and lint
//   2. unit tests (Vitest)
//   3. integration tests: the real server over HTTP on SQLite, then on PostgreSQL
//   4. browser tests: Playwright driving Debian's Chromium against the built app on the real server,
//      on SQLite, then the community and journey specs again on PostgreSQL (scripts/e2e-postgres.mjs)
// With CI=true, an unreachable PostgreSQL or a missing Chromium fails the run; otherwise that
// tier is skipped with a loud message saying how to enable it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runOnPostgres } from './e2e-postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ci = ['true', '1'].includes(String(process.env.CI).toLowerCase());
const reports = mkdtempSync(path.join(tmpdir(), 'airgrid-test-reports-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const postgresUrl =
  process.env.AIRGRID_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const failures = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Browser tests that failed once and passed on their retry (CI only: playwright.config.ts). */
const flaky = [];
/** Each tier's wall-clock time, printed in the summary (CI's budget is 20 minutes in all). */
const timings = [];
const started = Date.now();
let tier = null;

/** Starts timing a tier; the one before ends here. */
function banner(text) {
  endTier();
  tier = { label: text, from: Date.now() };
  process.stdout.write(`\n━━ ${text}\n`);
}

function endTier() {
  if (tier) timings.push({ label: tier.label, ms: Date.now() - tier.from });
  tier = null;
}

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

function loud(text) {
  const line = '!'.repeat(78);
  process.stdout.write(`\n${line}\n${text}\n${line}\n`);
}

function run(label, command, args, env = {}) {
  banner(label);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  flaky.push(...flakyTests(report.suites ?? []));
}

/** "file:line title" of each test the report marks flaky (failed, then passed on its retry). */
function flakyTests(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.some((test) => test.status === 'flaky')
        ? [`${spec.file}:${spec.line} ${spec.title}`]
        : [],
    ),
    ...flakyTests(suite.suites ?? []),
  ]);
}

function vitest(label, projects) {
  const output = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  run(label, 'npx', [
    'vitest',
    'run',
    ...projectArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  countVitest(output);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

run('Typecheck', 'npm', ['run', 'typecheck', '--silent']);
run('Lint', 'npx', ['biome', 'ci', '--colors=off', '.']);
// Exports nothing imports (knip.json): an export is a promise someone uses it.
run('Unused exports', 'npx', ['knip', '--no-progress', '--treat-config-hints-as-errors']);
vitest('Unit tests', ['unit']);

const integrationProjects = ['integration-sqlite'];
const postgres = await postgresReachable();
if (postgres) {
  integrationProjects.push('integration-postgres');
} else if (ci) {
  banner('PostgreSQL');
  process.stdout.write(
    `PostgreSQL is not reachable at ${postgresUrl}, and CI requires the PostgreSQL tier.\n`,
  );
  failures.push('PostgreSQL unreachable');
} else {
  loud(
    `SKIPPING the PostgreSQL integration tier: nothing answers at ${postgresUrl}.\n` +
      'Start PostgreSQL (pg_ctlcluster <version> main start) or set AIRGRID_TEST_POSTGRES_URL to enable it.',
  );
}
vitest('Integration tests', integrationProjects);

if (existsSync(chromium)) {
  if (run('Build', 'npm', ['run', 'build', '--silent'])) {
    const output = path.join(reports, 'e2e.json');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-e2e-'));
    run('Browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_FILE: output,
      CHROMIUM_PATH: chromium,
      AIRGRID_E2E_DATA_DIR: dataDir,
    });
    countPlaywright(output);
    rmSync(dataDir, { recursive: true, force: true });
    if (postgres) {
      banner('Browser tests on PostgreSQL');
      const pgOutput = path.join(reports, 'e2e-postgres.json');
      const status = await runOnPostgres(['--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_FILE: pgOutput,
        CHROMIUM_PATH: chromium,
      });
      if (status !== 0) failures.push('Browser tests on PostgreSQL');
      countPlaywright(pgOutput);
    }
  }
} else if (ci) {
  banner('Chromium');
  process.stdout.write(`Chromium is missing at ${chromium}, and CI requires the browser tier.\n`);
  failures.push('Chromium missing');
} else {
  loud(
    `SKIPPING the browser tier: no Chromium at ${chromium}.\n` +
      'Install it with `apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
  );
}

rmSync(reports, { recursive: true, force: true });
endTier();
process.stdout.write('\n━━ Summary\n');
for (const { label, ms } of timings) process.stdout.write(`${label.padEnd(30)} ${minutes(ms)}\n`);
process.stdout.write(`${'All'.padEnd(30)} ${minutes(Date.now() - started)}\n`);
if (failures.length) process.stdout.write(`Failed: ${failures.join(', ')}\n`);
process.stdout.write(
  `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
if (flaky.length) {
  process.stdout.write(`flaky (failed once, passed on the retry): ${flaky.length}\n`);
  for (const test of flaky) process.stdout.write(`  ${test}\n`);
}
process.exit(failures.length ? 1 : 0);
