import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { toRecordDate } from '@airgrid/domain';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config.js';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database.js';
import { startServer } from '../../apps/server/src/main.js';
import { newRecordId } from '../../apps/server/src/records/record-id.js';
import {
  cleanUp,
  createPostgresDatabase,
  type Dialect,
  exitOnSignals,
  formatNumber,
  freePort,
  load,
  machine,
  markdownTable,
  onCleanUp,
  parseDialects,
  parseWholeNumber,
  printTable,
} from '../common.js';
import { startBalancer } from './balancer.js';

// Requests per second of the records and auth API, next to PocketBase's published figures
// (API-CONTRACT §11). The real server runs in this process; autocannon fires from a worker
// thread so the load generator does not share the server's event loop (PocketBase's own
// benchmark also runs its client on the same machine, in another process).
//
// With --workers N, the server runs as `airgrid serve` with WORKERS=N in a child process: N
// server processes share the port, as a deployment would run it. With --nodes N (PostgreSQL),
// N `airgrid serve` nodes (each with --workers processes) share the database behind a TCP
// balancer (balancer.ts), as N machines would.
//
//   npx tsx --conditions=airgrid-source bench/api/run.ts [--db sqlite|postgres|both] [--duration 10] [--workers 2] [--nodes 2]

const SHOW_COUNT = 10_000;
const SEED_BATCH = 500;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 50;
/** Password checks are bcrypt-bound; PocketBase's figure for them is measured at concurrency 10. */
const PASSWORD_CONNECTIONS = 10;
/** Extra time a run may take beyond its duration before the watchdog gives up on it. */
const RUN_GRACE_MS = 30_000;
const PASSWORD = 'correct-horse-battery';
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

interface Options {
  dialects: Dialect[];
  durationSec: number;
  /** Runs only the scenarios whose name contains this (handy with --cpu-prof). */
  only: string | undefined;
  /** Server processes per node (WORKERS). */
  workers: number;
  /** PostgreSQL: server nodes (one process each) behind a loopback TCP balancer. */
  nodes: number;
}

/** What the scenarios need of the server under test, in this process or a child. */
interface BenchServer {
  url: string;
  /** A connection to the server's database, for seeding. */
  database: DatabaseHandle;
  workers: number;
  /** How many nodes serve it (behind the bench's balancer when more than one). */
  nodes: number;
  close(): Promise<void>;
}

/** What seeding leaves behind for the scenarios to use. */
interface Fixture {
  /** One account per sign-in connection (the owner's first). */
  emails: string[];
  token: string;
  organizationId: string;
  showId: string;
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /**
   * A body per connection, each connection on its own: the sign-in throttle lets one account
   * have only a few sign-ins in flight (maxPerPair), as no person has ten, so each sign-in
   * connection signs in its own account.
   */
  bodyPerConnection?: string[];
  headers: Record<string, string>;
  connections: number;
  /** PocketBase's figure on a 2 vCPU CAX11 (API-CONTRACT §11). */
  pocketbase: string;
}

interface Row {
  scenario: string;
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  pocketbase: string;
}

// ---------------------------------------------------------------------------------------------
// Command line

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'sqlite' },
      duration: { type: 'string', default: '10' },
      only: { type: 'string' },
      workers: { type: 'string', default: '1' },
      nodes: { type: 'string', default: '1' },
    },
  });
  const nodes = parseWholeNumber('nodes', values.nodes, 1, 4);
  if (nodes > 1 && values.db !== 'postgres') {
    throw new Error('--nodes needs --db postgres: nodes share a PostgreSQL database.');
  }
  return {
    dialects: parseDialects(values.db),
    // Bounded on purpose: six scenarios at 300 s each is already half an hour.
    durationSec: parseWholeNumber('duration', values.duration, 1, 300),
    only: values.only,
    workers: parseWholeNumber('workers', values.workers, 1, 16),
    nodes,
  };
}

// ---------------------------------------------------------------------------------------------
// Server and database

/** Starts the real server on a fresh database, on a free loopback port. */
async function startBenchServer(
  dialect: Dialect,
  workers: number,
  nodes: number,
): Promise<BenchServer> {
  const dataDir = temporaryDirectory();
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    // The server's capacity is measured, not the per-address guest limit.
    GUEST_RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // No index.html here: the web app answers 503, which no scenario touches.
    WEB_DIST: dataDir,
  };
  if (dialect === 'postgres') env.DATABASE_URL = await createPostgresDatabase();
  if (nodes > 1) return startNodes(env, nodes, workers);
  if (workers > 1) return startServerProcesses(env, workers);
  const server = await startServer(loadConfig(env));
  onCleanUp(() => server.close());
  return {
    url: server.url,
    database: server.database,
    workers: 1,
    nodes: 1,
    close: () => server.close(),
  };
}

function temporaryDirectory(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-'));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** `airgrid serve` with WORKERS=n in a child process, from source (tsx), on a free port. */
async function startServerProcesses(
  env: Record<string, string>,
  workers: number,
): Promise<BenchServer> {
  const child = await spawnServer(env, await freePort(), workers);
  const database = openDatabase(loadConfig(env).database);
  onCleanUp(() => database.close());
  return { url: child.url, database, workers, nodes: 1, close: child.close };
}

/**
 * PostgreSQL nodes: `nodes` servers (`workers` processes each, their own DATA_DIR, as on
 * separate machines) on one database, behind a TCP balancer in this process (balancer.ts).
 */
async function startNodes(
  env: Record<string, string>,
  nodes: number,
  workers: number,
): Promise<BenchServer> {
  const servers: { url: string; close(): Promise<void> }[] = [];
  for (let node = 0; node < nodes; node++) {
    const dataDir = node === 0 ? env.DATA_DIR : temporaryDirectory();
    const nodeEnv = { ...env, DATA_DIR: dataDir ?? '', WEB_DIST: dataDir ?? '' };
    servers.push(await spawnServer(nodeEnv, await freePort(), workers));
  }
  const balancer = await startBalancer(servers.map((server) => new URL(server.url)));
  onCleanUp(() => balancer.close());
  const database = openDatabase(loadConfig(env).database);
  onCleanUp(() => database.close());
  return {
    url: balancer.url,
    database,
    workers,
    nodes,
    close: async () => {
      await balancer.close();
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

/** Starts `airgrid serve` in a child process and waits until it answers its health check. */
async function spawnServer(
  env: Record<string, string>,
  port: number,
  workers: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const childEnv = { ...process.env, ...env, PORT: String(port), WORKERS: String(workers) };
  const cli = path.join(BENCH_DIR, '../../apps/server/src/cli.ts');
  const child = spawn(
    process.execPath,
    ['--conditions=airgrid-source', '--import', 'tsx', cli, 'serve'],
    { env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  onCleanUp(close);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, close };
}

// ---------------------------------------------------------------------------------------------
// Seeding

/** A JSON call to the API that must succeed; returns the parsed body. */
async function call(
  server: BenchServer,
  method: 'GET' | 'POST',
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = token;
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  return JSON.parse(text) as Record<string, unknown>;
}

/** Signs up an owner, who creates an organization and a channel, then 10,000 shows. */
async function seed(server: BenchServer): Promise<Fixture> {
  const email = `bench-owner-${Date.now().toString(36)}@example.org`;
  await call(server, 'POST', '/api/collections/users/records', {
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    name: 'Bench Owner',
  });
  const signIn = await call(server, 'POST', '/api/collections/users/auth-with-password', {
    identity: email,
    password: PASSWORD,
  });
  const organization = await call(
    server,
    'POST',
    '/api/collections/organizations/records',
    { name: 'Bench TV', slug: 'bench-tv', timeZone: 'America/New_York' },
    String(signIn.token),
  );
  // Creating the organization made the user its owner: refresh, as the SDK does, so the token
  // the scenarios use belongs to an owner.
  const refreshed = await call(
    server,
    'POST',
    '/api/collections/users/auth-refresh',
    undefined,
    String(signIn.token),
  );
  const token = String(refreshed.token);
  const organizationId = String(organization.id);
  await call(
    server,
    'POST',
    '/api/collections/channels/records',
    { organization: organizationId, name: 'Bench One', slug: 'bench-one', timeZone: 'UTC' },
    token,
  );
  const showIds = await insertShows(server, organizationId);
  await analyzeAfterBulkLoad(server);
  const showId = showIds[Math.floor(showIds.length / 2)] ?? '';
  const emails = [email];
  for (let index = 1; index < PASSWORD_CONNECTIONS; index += 1) {
    const other = email.replace('bench-owner-', `bench-user-${index}-`);
    await call(server, 'POST', '/api/collections/users/records', {
      email: other,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: `Bench User ${index}`,
    });
    emails.push(other);
  }
  return { emails, token, organizationId, showId };
}

/** Rewrites one line on a terminal; prints every few steps when the output is a log. */
function progress(line: string, done = false): void {
  if (process.stdout.isTTY) process.stdout.write(done ? '\n' : `\r${line}`);
  else if (!done && /[05],000\//.test(line)) console.log(line);
}

const CATEGORIES = ['news', 'sports', 'music', 'documentary', 'community', 'education'];

/**
 * Inserts the shows straight into the table: 10,000 creates through the API would take longer
 * than the benchmark itself and measure the create path, not the lists.
 */
async function insertShows(server: BenchServer, organization: string): Promise<string[]> {
  const ids: string[] = [];
  const start = Date.now() - SHOW_COUNT * 1000;
  for (let offset = 0; offset < SHOW_COUNT; offset += SEED_BATCH) {
    const rows = [];
    for (let i = offset; i < Math.min(offset + SEED_BATCH, SHOW_COUNT); i++) {
      const id = newRecordId();
      const date = toRecordDate(start + i * 1000);
      ids.push(id);
      rows.push({
        id,
        created: date,
        updated: date,
        organization,
        title: `Show ${i + 1}`,
        description: `Episode ${i + 1} of a community programme, recorded on location.`,
        category: CATEGORIES[i % CATEGORIES.length] ?? 'community',
        durationSec: 900 * (1 + (i % 8)),
      });
    }
    await server.database.db.insertInto('shows').values(rows).execute();
    progress(`  seeding shows: ${formatNumber(ids.length)}/${formatNumber(SHOW_COUNT)}`);
  }
  progress('', true);
  return ids;
}

/**
 * PostgreSQL plans from table statistics, which a bulk load leaves stale. A default install's
 * autovacuum refreshes them within a minute of 10,000 inserts, but the development PostgreSQL
 * runs with autovacuum off, and without statistics the list query sorts all 10,000 rows
 * (~4 ms each) instead of reading 20. SQLite gets no such step: nothing in a real deployment
 * runs ANALYZE on it either.
 */
async function analyzeAfterBulkLoad(server: BenchServer): Promise<void> {
  if (server.database.dialect === 'postgres') await sql`analyze shows`.execute(server.database.db);
}

// ---------------------------------------------------------------------------------------------
// Scenarios

function scenarios(fixture: Fixture): Scenario[] {
  const auth = { authorization: fixture.token };
  const json = { ...auth, 'content-type': 'application/json' };
  const list = '/api/collections/shows/records?perPage=20';
  return [
    {
      name: 'list perPage=20',
      method: 'GET',
      path: list,
      headers: auth,
      connections: CONNECTIONS,
      pocketbase: '≥ 680',
    },
    {
      name: 'list perPage=20 skipTotal',
      method: 'GET',
      path: `${list}&skipTotal=1`,
      headers: auth,
      connections: CONNECTIONS,
      pocketbase: '≥ 1,300',
    },
    {
      name: 'getOne',
      method: 'GET',
      path: `/api/collections/shows/records/${fixture.showId}`,
      headers: auth,
      connections: CONNECTIONS,
      pocketbase: '≥ 2,600',
    },
    {
      name: 'create',
      method: 'POST',
      path: '/api/collections/shows/records',
      // A fixed body: titles repeat, which the schema allows; each request adds one show.
      body: JSON.stringify({
        organization: fixture.organizationId,
        title: 'Benchmark show',
        description: 'Created by bench/api.',
        category: 'community',
        durationSec: 1800,
      }),
      headers: json,
      connections: CONNECTIONS,
      pocketbase: '≥ 1,900',
    },
    {
      name: 'auth-refresh',
      method: 'POST',
      path: '/api/collections/users/auth-refresh',
      headers: auth,
      connections: CONNECTIONS,
      pocketbase: '≥ 3,200',
    },
    {
      name: 'auth-with-password',
      method: 'POST',
      path: '/api/collections/users/auth-with-password',
      body: JSON.stringify({ identity: fixture.emails[0], password: PASSWORD }),
      bodyPerConnection: fixture.emails.map((identity) =>
        JSON.stringify({ identity, password: PASSWORD }),
      ),
      headers: { 'content-type': 'application/json' },
      connections: PASSWORD_CONNECTIONS,
      pocketbase: '~30',
    },
  ];
}

/** Sends the scenario's request once and stops the run if it does not answer 200. */
async function probe(server: BenchServer, scenario: Scenario): Promise<void> {
  const response = await fetch(`${server.url}${scenario.path}`, {
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
  });
  if (response.status !== 200) {
    const text = await response.text();
    throw new Error(
      `Scenario "${scenario.name}": ${scenario.method} ${scenario.path} answered ` +
        `${response.status} instead of 200, so its figures would be meaningless. Body: ${text.slice(0, 500)}`,
    );
  }
  await response.arrayBuffer();
}

/** One autocannon run, with a watchdog in case it never reports. */
function fireOne(
  server: BenchServer,
  scenario: Scenario,
  durationSec: number,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections: scenario.connections,
        pipelining: 1,
        duration: durationSec,
        // Its own thread: in the server's thread it would steal the server's event loop.
        workers: 1,
        requests: [
          {
            method: scenario.method,
            path: scenario.path,
            headers: scenario.headers,
            body: scenario.body,
          },
        ],
      },
      (error, result) => {
        clearTimeout(watchdog);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(result);
      },
    );
    const watchdog = setTimeout(
      () => {
        instance.stop();
        reject(new Error(`Scenario "${scenario.name}" did not finish in time.`));
      },
      durationSec * 1000 + RUN_GRACE_MS,
    );
  });
}

/** What a run reports: the figures the results table shows. */
interface Summary {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * Runs a scenario: one autocannon run, or with `bodyPerConnection` one single-connection run
 * per body at once, whose rates add up and whose latencies are the slowest connection's.
 */
async function fire(
  server: BenchServer,
  scenario: Scenario,
  durationSec: number,
): Promise<Summary> {
  const runs = scenario.bodyPerConnection
    ? scenario.bodyPerConnection.map((body) => ({ ...scenario, body, connections: 1 }))
    : [scenario];
  const results = await Promise.all(runs.map((run) => fireOne(server, run, durationSec)));
  return {
    reqPerSec: results.reduce((sum, result) => sum + result.requests.mean, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

async function measure(server: BenchServer, scenario: Scenario, durationSec: number): Promise<Row> {
  await probe(server, scenario);
  process.stdout.write(`  ${scenario.name}: warming up ${WARM_UP_SECONDS} s, `);
  await fire(server, scenario, WARM_UP_SECONDS);
  process.stdout.write(`measuring ${durationSec} s… `);
  const result = await fire(server, scenario, durationSec);
  const row: Row = {
    scenario: scenario.name,
    connections: scenario.connections,
    reqPerSec: result.reqPerSec,
    p50: result.p50,
    p99: result.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    pocketbase: scenario.pocketbase,
  };
  console.log(`${formatNumber(row.reqPerSec)} req/s`);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Report

const HEADER = [
  'scenario',
  'conn',
  'req/s (mean)',
  'p50 ms',
  'p99 ms',
  'non-2xx',
  'errors',
  'PocketBase req/s (2 vCPU)',
];

function cells(row: Row): string[] {
  return [
    row.scenario,
    String(row.connections),
    formatNumber(row.reqPerSec),
    formatNumber(row.p50, 1),
    formatNumber(row.p99, 1),
    formatNumber(row.non2xx),
    formatNumber(row.errors),
    row.pocketbase,
  ];
}

/** "one process", "2 processes (WORKERS=2)" or "2 nodes (one process each) behind …". */
function describeServer({ workers, nodes }: BenchServer): string {
  const processes = workers === 1 ? 'one process' : `${workers} processes (WORKERS=${workers})`;
  if (nodes > 1) return `${nodes} nodes (${processes} each) behind the bench's TCP balancer`;
  return processes;
}

/** results-postgres.md, or results-postgres-2-nodes.md for a run with --nodes 2. */
function writeMarkdown(
  dialect: Dialect,
  rows: Row[],
  durationSec: number,
  loadAtStart: string,
  server: BenchServer,
): string {
  const suffix = server.nodes > 1 ? `-${server.nodes}-nodes` : '';
  const file = path.join(BENCH_DIR, `results-${dialect}${suffix}.md`);
  const lines = [
    `# bench/api results: ${dialect}`,
    '',
    `- Run: ${new Date().toISOString()}`,
    `- Machine: ${machine()}`,
    `- Server: ${describeServer(server)}`,
    `- Load average (1 min) at the start: ${loadAtStart}, at the end: ${load()} ` +
      '(anything near or above the core count means the figures are noisy)',
    `- Data: ${formatNumber(SHOW_COUNT)} shows in one organization, listed as its owner`,
    `- Each scenario: ${WARM_UP_SECONDS} s warm-up, then ${durationSec} s measured with autocannon ` +
      '(pipelining 1, one worker thread) on loopback',
    '',
    ...markdownTable([HEADER, ...rows.map(cells)]),
    '',
    'PocketBase figures: pocketbase/benchmarks on a Hetzner CAX11 (2 vCPU ARM64), see API-CONTRACT §11.',
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  return file;
}

// ---------------------------------------------------------------------------------------------
// Main

async function benchmark(
  dialect: Dialect,
  { durationSec, only, workers, nodes }: Options,
): Promise<void> {
  const loadAtStart = load();
  console.log(`\n== ${dialect} == (load average ${loadAtStart})`);
  const server = await startBenchServer(dialect, workers, nodes);
  console.log(`  server on ${server.url} (${describeServer(server)})`);
  const fixture = await seed(server);
  const chosen = scenarios(fixture).filter((scenario) => !only || scenario.name.includes(only));
  if (chosen.length === 0) throw new Error(`No scenario name contains ${JSON.stringify(only)}.`);
  const rows: Row[] = [];
  for (const scenario of chosen) rows.push(await measure(server, scenario, durationSec));
  printTable(`Results on ${dialect}:`, [HEADER, ...rows.map(cells)]);
  if (only) {
    // A partial run must not overwrite the full results kept in the repository.
    console.log('\n--only given: results file left unchanged');
  } else {
    const file = writeMarkdown(dialect, rows, durationSec, loadAtStart, server);
    console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
  }
  await cleanUp();
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  exitOnSignals();
  console.log(`bench/api on ${machine()}`);
  try {
    for (const dialect of options.dialects) await benchmark(dialect, options);
  } finally {
    await cleanUp();
  }
}

main().then(
  // Exit explicitly: a stopped autocannon worker could otherwise keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench/api failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
