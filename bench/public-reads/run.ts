import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays, localToInstant, todayIn, toRecordDate } from '@airgrid/domain';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config.js';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database.js';
import { DEMO_ORGANIZATION } from '../../apps/server/src/demo/demo-catalogue.js';
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

// Public reads at broadcast scale (issue 16): the cached guide window and feeds served to many
// clients at once. The server runs as `airgrid serve --demo` in a child process (WORKERS=2 on
// SQLite by default, as a small deployment would run it); autocannon fires from a worker thread.
// Three scenarios, each with its target and verdict:
// - the demo organization's guide for today (its local day), asked for like a browser does
//   (Accept-Encoding: br, gzip), 100 connections: ≥ 10,000 req/s, p99 < 20 ms;
// - an XMLTV poll that ends in 304 (If-None-Match), 100 connections: ≥ 20,000 req/s;
// - the guide for today of a station with 200 public channels: bytes on the wire and req/s.
// A first row, GET /api/health, is the reference: what any route can reach on the machine now.
//
//   npm run bench:public-reads [-- --db sqlite|postgres] [--duration 10] [--workers 2]

const CONNECTIONS = 100;
const WARM_UP_SECONDS = 2;
const RUN_GRACE_MS = 30_000;
const BIG_STATION_CHANNELS = 200;
const BIG_STATION_SHOWS = 300;
const BIG_STATION_ZONE = 'America/Chicago';
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const BROWSER_ENCODINGS = 'br, gzip';

interface Options {
  dialect: Dialect;
  durationSec: number;
  workers: number;
}

interface BenchServer {
  url: string;
  database: DatabaseHandle;
  workers: number;
}

interface Scenario {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** The status every answer must have (the probe checks it before the run). */
  status: 200 | 304;
  target: { reqPerSec?: number; p99Ms?: number };
}

interface Row {
  scenario: Scenario;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Answers with another status than the scenario's, plus socket errors and timeouts. */
  wrong: number;
  /** Body bytes of one answer as sent (compressed when the client accepts it). */
  wireBytes: number;
  /** Body bytes of the same answer uncompressed. */
  plainBytes: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'sqlite' },
      duration: { type: 'string', default: '10' },
      workers: { type: 'string', default: '2' },
    },
  });
  const dialects = parseDialects(values.db);
  if (dialects.length !== 1) throw new Error('--db must be sqlite or postgres (one at a time).');
  return {
    dialect: dialects[0] as Dialect,
    durationSec: parseWholeNumber('duration', values.duration, 1, 300),
    workers: parseWholeNumber('workers', values.workers, 1, 16),
  };
}

// ---------------------------------------------------------------------------------------------
// Server and data

/** `airgrid serve --demo` in a child process, from source, on a free loopback port. */
async function startBenchServer(dialect: Dialect, workers: number): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airgrid-public-reads-'));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    // The server's capacity is measured, not the per-address guest limit.
    GUEST_RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    WORKERS: String(dialect === 'sqlite' ? workers : 1),
  };
  if (dialect === 'postgres') env.DATABASE_URL = await createPostgresDatabase();
  const cli = path.join(BENCH_DIR, '../../apps/server/src/cli.ts');
  const child = spawn(
    process.execPath,
    ['--conditions=airgrid-source', '--import', 'tsx', cli, 'serve', '--demo'],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  onCleanUp(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not answer within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const database = openDatabase(loadConfig(env).database);
  onCleanUp(() => database.close());
  return { url, database, workers: Number(env.WORKERS) };
}

/** Today's local day in a zone, as the guide's from and to (ISO instants). */
function today(zone: string): { from: string; to: string } {
  const date = todayIn(zone, Date.now());
  const start = localToInstant(`${date}T00:00`, zone);
  const end = localToInstant(`${addDays(date, 1)}T00:00`, zone);
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/**
 * A station with 200 public channels, each filled with 30-minute timeslots over yesterday,
 * today and tomorrow, written straight to the database before anything reads it (so no cache
 * holds an older copy).
 */
async function seedBigStation(database: DatabaseHandle): Promise<string> {
  const { db } = database;
  const stamp = toRecordDate(Date.now());
  const base = { created: stamp, updated: stamp };
  const organization = newRecordId();
  const slug = 'big-station';
  await db
    .insertInto('organizations')
    .values({
      id: organization,
      name: 'Big Station',
      slug,
      timeZone: BIG_STATION_ZONE,
      ...base,
    } as never)
    .execute();
  const shows = Array.from({ length: BIG_STATION_SHOWS }, (_, s) => ({
    id: newRecordId(),
    organization,
    title: `Programme ${s + 1}`,
    subtitle: s % 3 === 0 ? `Part ${s % 7}` : '',
    description: `Episode notes for programme ${s + 1}: local news, sport and the weather.`,
    category: ['news', 'sports', 'community', 'education'][s % 4],
    tags: '[]',
    externalIds: '{}',
    ...base,
  }));
  await db
    .insertInto('shows')
    .values(shows as never)
    .execute();
  const { from } = today(BIG_STATION_ZONE);
  const start = Date.parse(from) - 24 * 3_600_000;
  for (let c = 0; c < BIG_STATION_CHANNELS; c++) {
    const channel = newRecordId();
    await db
      .insertInto('channels')
      .values({
        id: channel,
        organization,
        name: `Channel ${c + 1}`,
        slug: `ch-${c + 1}`,
        number: c + 1,
        timeZone: BIG_STATION_ZONE,
        public: true,
        archived: false,
        ...base,
      } as never)
      .execute();
    const rows = Array.from({ length: 3 * 48 }, (_, i) => ({
      id: newRecordId(),
      organization,
      channel,
      show: shows[(c * 17 + i) % BIG_STATION_SHOWS]?.id,
      start: toRecordDate(start + i * 1_800_000),
      durationSec: 1800,
      status: 'scheduled',
      locked: false,
      ...base,
    }));
    await db
      .insertInto('timeslots')
      .values(rows as never)
      .execute();
  }
  if (database.dialect === 'postgres') await sql`analyze`.execute(db);
  return slug;
}

// ---------------------------------------------------------------------------------------------
// Scenarios

function guidePath(organization: string, zone: string): string {
  const { from, to } = today(zone);
  return `/api/v1/guide?organization=${organization}&from=${from}&to=${to}`;
}

async function scenarios(server: BenchServer, bigStation: string): Promise<Scenario[]> {
  const xmltv = `/api/v1/feeds/${DEMO_ORGANIZATION.slug}/xmltv.xml`;
  const first = await get(server.url, xmltv, {});
  const etag = first.headers.etag;
  if (first.status !== 200 || typeof etag !== 'string') {
    throw new Error(`GET ${xmltv} answered ${first.status} without an ETag.`);
  }
  return [
    {
      // The smallest answer the server has, through the same hooks: the machine's ceiling for
      // any route, so the other rows can be read against it when the machine is busy.
      name: 'reference: GET /api/health',
      path: '/api/health',
      headers: {},
      status: 200,
      target: {},
    },
    {
      name: 'guide day, demo station (br)',
      path: guidePath(DEMO_ORGANIZATION.slug, DEMO_ORGANIZATION.timeZone),
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
      status: 200,
      target: { reqPerSec: 10_000, p99Ms: 20 },
    },
    {
      name: 'XMLTV revalidation (304)',
      path: xmltv,
      headers: { 'if-none-match': etag },
      status: 304,
      target: { reqPerSec: 20_000 },
    },
    {
      name: `guide day, ${BIG_STATION_CHANNELS} channels (br)`,
      path: guidePath(bigStation, BIG_STATION_ZONE),
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
      status: 200,
      target: {},
    },
  ];
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

/** One GET, counting the body's bytes as sent (no decompression). */
function get(base: string, pathname: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(`${base}${pathname}`, { headers, agent: false }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Checks the scenario answers as expected and measures one answer's size, compressed and not. */
async function probe(
  server: BenchServer,
  scenario: Scenario,
): Promise<{ wireBytes: number; plainBytes: number }> {
  const wire = await get(server.url, scenario.path, scenario.headers);
  if (wire.status !== scenario.status) {
    throw new Error(
      `"${scenario.name}": GET ${scenario.path} answered ${wire.status}, not ${scenario.status}.`,
    );
  }
  const { 'accept-encoding': _, ...plainHeaders } = scenario.headers;
  const plain = await get(server.url, scenario.path, plainHeaders);
  return { wireBytes: wire.bytes, plainBytes: plain.bytes };
}

function fire(
  server: BenchServer,
  scenario: Scenario,
  durationSec: number,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections: CONNECTIONS,
        pipelining: 1,
        duration: durationSec,
        // Its own thread: in this process's event loop it would measure itself.
        workers: 1,
        requests: [{ method: 'GET', path: scenario.path, headers: scenario.headers }],
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
        reject(new Error(`"${scenario.name}" did not finish in time.`));
      },
      durationSec * 1000 + RUN_GRACE_MS,
    );
  });
}

async function measure(server: BenchServer, scenario: Scenario, durationSec: number): Promise<Row> {
  const sizes = await probe(server, scenario);
  process.stdout.write(`  ${scenario.name}: warming up ${WARM_UP_SECONDS} s, `);
  await fire(server, scenario, WARM_UP_SECONDS);
  process.stdout.write(`measuring ${durationSec} s… `);
  const result = await fire(server, scenario, durationSec);
  const expected = scenario.status === 200 ? result['2xx'] : result['3xx'];
  const row: Row = {
    scenario,
    reqPerSec: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    wrong: result.requests.total - expected + result.errors + result.timeouts,
    ...sizes,
  };
  console.log(`${formatNumber(row.reqPerSec)} req/s`);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Report

function targetText({ target }: Scenario): string {
  const parts = [
    target.reqPerSec ? `≥ ${formatNumber(target.reqPerSec)} req/s` : '',
    target.p99Ms ? `p99 < ${target.p99Ms} ms` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'report';
}

function verdict(row: Row): string {
  const { target } = row.scenario;
  if (row.wrong > 0) return 'FAIL (wrong answers)';
  if (!target.reqPerSec && !target.p99Ms) return '—';
  const met =
    (!target.reqPerSec || row.reqPerSec >= target.reqPerSec) &&
    (!target.p99Ms || row.p99 < target.p99Ms);
  return met ? 'met' : 'MISSED';
}

const HEADER = [
  'scenario',
  'req/s (mean)',
  'p50 ms',
  'p99 ms',
  'wrong',
  'bytes on the wire',
  'uncompressed',
  'target',
  'verdict',
];

function cells(row: Row): string[] {
  return [
    row.scenario.name,
    formatNumber(row.reqPerSec),
    formatNumber(row.p50, 1),
    formatNumber(row.p99, 1),
    formatNumber(row.wrong),
    formatNumber(row.wireBytes),
    formatNumber(row.plainBytes),
    targetText(row.scenario),
    verdict(row),
  ];
}

function writeResults(
  options: Options,
  server: BenchServer,
  rows: Row[],
  loadAtStart: string,
): string {
  const file = path.join(BENCH_DIR, `results-${options.dialect}.md`);
  const lines = [
    `# bench/public-reads results: ${options.dialect}`,
    '',
    `- Run: ${new Date().toISOString()}`,
    `- Machine: ${machine()}`,
    `- Server: \`airgrid serve --demo\`, ${server.workers === 1 ? 'one process' : `${server.workers} processes (WORKERS=${server.workers})`}, GUEST_RATE_LIMIT=off`,
    `- Load average (1 min) at the start: ${loadAtStart}, at the end: ${load()} ` +
      '(near or above the core count means other work shared the machine)',
    `- Each scenario: ${WARM_UP_SECONDS} s warm-up, then ${options.durationSec} s measured with autocannon ` +
      `(${CONNECTIONS} connections, pipelining 1, one worker thread) on loopback`,
    '',
    ...markdownTable([HEADER, ...rows.map(cells)]),
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  return file;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  exitOnSignals();
  const loadAtStart = load();
  console.log(`bench/public-reads on ${machine()} (load average ${loadAtStart})`);
  try {
    const server = await startBenchServer(options.dialect, options.workers);
    console.log(
      `  ${options.dialect} server on ${server.url} (${server.workers} process${server.workers > 1 ? 'es' : ''})`,
    );
    const bigStation = await seedBigStation(server.database);
    const rows: Row[] = [];
    for (const scenario of await scenarios(server, bigStation)) {
      rows.push(await measure(server, scenario, options.durationSec));
    }
    printTable(`Results on ${options.dialect} (load average now ${load()}):`, [
      HEADER,
      ...rows.map(cells),
    ]);
    const file = writeResults(options, server, rows, loadAtStart);
    console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await cleanUp();
  }
}

main().then(
  // Exit explicitly: a stopped autocannon worker could otherwise keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `\nbench/public-reads failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
