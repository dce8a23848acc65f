import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { toRecordDate } from '@airgrid/domain';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config.js';
import type { DatabaseHandle } from '../../apps/server/src/db/database.js';
import { feedWindow } from '../../apps/server/src/features/feeds/feed-window.js';
import { type RunningServer, startServer } from '../../apps/server/src/main.js';
import { newRecordId } from '../../apps/server/src/records/record-id.js';
import {
  cleanUp,
  createPostgresDatabase,
  type Dialect,
  exitOnSignals,
  formatNumber,
  load,
  machine,
  onCleanUp,
  parseDialects,
  parseWholeNumber,
  printTable,
} from '../common.js';

// The XMLTV feed of 100,000 programmes over HTTP (issue 7: under a second, flat memory), on
// SQLite and PostgreSQL. The real server runs in this process; the schedule is seeded directly
// with Kysely: 100 public channels, each filled with 15- and 30-minute timeslots from the start
// of yesterday to 14 days ahead (the feed's default window), 1,000 per channel. Each timed run
// streams the feed to a client in a worker thread, which throws the bytes away, while a timer
// samples process.memoryUsage() every 10 ms. Shorter windows (?days=) show that memory does not
// grow with the feed; a last row times a poll that gets 304 Not Modified.
//
//   npm run bench:feeds [-- --db sqlite|postgres|both] [--runs 5]

const CHANNELS = 100;
const PER_CHANNEL = 1000;
const SHOWS = 400;
const ZONE = 'America/New_York';
const BATCH = 1000;
const SAMPLE_MS = 10;
const MB = 1024 * 1024;

interface Options {
  dialects: Dialect[];
  runs: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: { db: { type: 'string', default: 'both' }, runs: { type: 'string', default: '5' } },
  });
  return {
    dialects: parseDialects(values.db),
    runs: parseWholeNumber('runs', values.runs, 1, 100),
  };
}

/** `gc()` without --expose-gc on the command line (the npm script runs plain tsx). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

async function start(dialect: Dialect): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-feeds-'));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    // The server's capacity is measured, not the per-address guest limit.
    GUEST_RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    APP_URL: 'https://tv.example.org',
  };
  if (dialect === 'postgres') env.DATABASE_URL = await createPostgresDatabase();
  const server = await startServer(loadConfig(env));
  onCleanUp(() => server.close());
  return server;
}

const WORDS =
  'council budget hearing library garden youth soccer parade jazz choir robotics cooking history river trail market festival science debate mayor school board arts theatre harbour'.split(
    ' ',
  );
const CATEGORIES = ['Government', 'Sports', 'Music', 'Education', 'Kids', 'News', 'Arts', ''];
const RATINGS = ['TV-G', 'TV-PG', 'TV-14', '', 'TV-Y7'];

function words(seed: number, count: number): string {
  const picked: string[] = [];
  for (let i = 0; i < count; i++) picked.push(WORDS[(seed * 7 + i * 13) % WORDS.length] ?? '');
  return picked.join(' ');
}

/** One organization, 400 shows, 100 channels of 1,000 timeslots each, all inside the feed window. */
async function seed(database: DatabaseHandle): Promise<{ slug: string; programmes: number }> {
  const { db } = database;
  const now = Date.now();
  const stamp = toRecordDate(now);
  const base = { created: stamp, updated: stamp };
  const organization = newRecordId();
  const slug = 'bench-station';
  await db
    .insertInto('organizations')
    .values({ id: organization, name: 'Bench & Co. TV', slug, timeZone: ZONE, ...base } as never)
    .execute();
  const shows: string[] = [];
  const showRows = [];
  for (let s = 0; s < SHOWS; s++) {
    const id = newRecordId();
    shows.push(id);
    const title = words(s, 3);
    showRows.push({
      id,
      organization,
      title: `${title[0]?.toUpperCase()}${title.slice(1)}${s % 10 === 0 ? ' & friends <live>' : ''}`,
      subtitle: s % 3 === 0 ? words(s + 1, 2) : '',
      description: `${words(s + 2, 12)}. ${words(s + 3, 10)}; "quoted" & more.`,
      category: CATEGORIES[s % CATEGORIES.length],
      rating: RATINGS[s % RATINGS.length],
      season: s % 4 === 0 ? 0 : 1 + (s % 5),
      episode: s % 4 === 0 ? 0 : 1 + (s % 22),
      thumbnail: s % 2 === 0 ? `still_${id.slice(0, 10)}.jpg` : '',
      tags: '[]',
      externalIds: '{}',
      ...base,
    });
  }
  await db
    .insertInto('shows')
    .values(showRows as never)
    .execute();

  const { from, to } = feedWindow(now, ZONE, 14);
  const started = Date.now();
  let programmes = 0;
  for (let c = 0; c < CHANNELS; c++) {
    const channel = newRecordId();
    await db
      .insertInto('channels')
      .values({
        id: channel,
        organization,
        name: `Channel ${c + 1}`,
        slug: `ch-${c + 1}`,
        number: c + 1,
        timeZone: ZONE,
        public: true,
        archived: false,
        streamUrl: `https://cdn.example.org/ch-${c + 1}/index.m3u8`,
        logo: `logo_${channel.slice(0, 10)}.png`,
        ...base,
      } as never)
      .execute();
    // 44 % of the timeslots last 30 minutes, the rest 15: 1,000 of them fill 15 days exactly.
    let start = from;
    const rows = [];
    for (let i = 0; i < PER_CHANNEL && start < to; i++) {
      const minutes = (i * 7) % 25 < 11 ? 30 : 15;
      rows.push({
        id: newRecordId(),
        organization,
        channel,
        show: shows[(c * 31 + i) % SHOWS],
        start: toRecordDate(start),
        durationSec: minutes * 60,
        status: 'scheduled',
        locked: false,
        ...base,
      });
      start += minutes * 60_000;
    }
    programmes += rows.length;
    for (let i = 0; i < rows.length; i += BATCH) {
      await db
        .insertInto('timeslots')
        .values(rows.slice(i, i + BATCH) as never)
        .execute();
    }
    if (process.stdout.isTTY) process.stdout.write(`\r  seeding: ${c + 1}/${CHANNELS} channels`);
  }
  if (process.stdout.isTTY) process.stdout.write('\n');
  console.log(
    `  seeded ${formatNumber(programmes)} timeslots in ${formatNumber((Date.now() - started) / 1000, 1)} s`,
  );
  // PostgreSQL plans from statistics, which autovacuum would refresh after a load like this.
  if (database.dialect === 'postgres') await sql`analyze`.execute(db);
  return { slug, programmes };
}

/**
 * The HTTP client, in a worker thread of its own: on the server's event loop it would take turns
 * with the server (whose SQLite reads are synchronous) and distort both the time to first byte
 * and the total. Plain JavaScript, so the worker needs no TypeScript loader.
 */
const CLIENT = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
parentPort.on('message', ({ url, headers, count }) => {
  const started = performance.now();
  let ttfb = 0, bytes = 0, programmes = 0, tail = '';
  http.get(url, { headers }, (response) => {
    response.on('data', (chunk) => {
      if (bytes === 0) ttfb = performance.now() - started;
      bytes += chunk.length;
      if (!count) return;
      const text = tail + chunk.toString('latin1');
      programmes += text.split('<programme ').length - 1;
      tail = text.slice(-10);
    });
    response.on('end', () => parentPort.postMessage({
      status: response.statusCode, etag: response.headers.etag ?? '',
      ttfb, total: performance.now() - started, bytes, programmes,
    }));
  }).on('error', (error) => parentPort.postMessage({ error: error.message }));
});
`;

interface Fetched {
  status: number;
  etag: string;
  ttfb: number;
  total: number;
  bytes: number;
  programmes: number;
}

class Client {
  readonly #worker = new Worker(CLIENT, { eval: true });

  constructor() {
    onCleanUp(() => this.#worker.terminate());
  }

  /** GETs the URL, reading and discarding the body; counts "<programme " when asked. */
  get(url: string, headers: Record<string, string> = {}, count = false): Promise<Fetched> {
    return new Promise((resolve, reject) => {
      this.#worker.once('message', (message: Fetched & { error?: string }) =>
        message.error ? reject(new Error(`GET ${url}: ${message.error}`)) : resolve(message),
      );
      this.#worker.postMessage({ url, headers, count });
    });
  }
}

interface Run {
  programmes: number;
  bytes: number;
  ttfbMs: number;
  totalMs: number;
  peakRssMb: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
  /** Heap still in use after the stream and a full collection, over the baseline: leaks show here. */
  retainedMb: number;
}

/**
 * Streams one feed through the client while sampling memory: this process's RSS (server and
 * client thread) and the main thread's heap, which is the server's alone.
 */
async function streamOnce(
  client: Client,
  url: string,
  gc: () => void,
  count = false,
): Promise<Run> {
  gc();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, SAMPLE_MS);
  let fetched: Fetched;
  try {
    fetched = await client.get(url, {}, count);
  } finally {
    clearInterval(sampler);
  }
  if (fetched.status !== 200) throw new Error(`GET ${url} answered ${fetched.status}`);
  gc();
  const retained = process.memoryUsage().heapUsed - baseline.heapUsed;
  return {
    retainedMb: retained / MB,
    programmes: fetched.programmes,
    bytes: fetched.bytes,
    ttfbMs: fetched.ttfb,
    totalMs: fetched.total,
    peakRssMb: peakRss / MB,
    rssGrowthMb: (peakRss - baseline.rss) / MB,
    heapGrowthMb: (peakHeap - baseline.heapUsed) / MB,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Median time of a request that carries the feed's current ETag, and its status. */
async function conditionalMs(
  client: Client,
  url: string,
  runs: number,
): Promise<{ status: number; ms: number }> {
  const { etag } = await client.get(url);
  const samples: number[] = [];
  let status = 0;
  for (let i = 0; i < Math.max(20, runs * 4); i++) {
    const fetched = await client.get(url, { 'If-None-Match': etag });
    samples.push(fetched.total);
    status = fetched.status;
  }
  return { status, ms: median(samples) };
}

async function benchmark(dialect: Dialect, runs: number, gc: () => void): Promise<string[][]> {
  console.log(`\n== ${dialect} == (load average ${load()})`);
  const server = await start(dialect);
  const { slug, programmes } = await seed(server.database);
  const feed = `${server.url}/api/v1/feeds/${slug}/xmltv.xml`;
  const client = new Client();
  const rows: string[][] = [];
  for (const days of [14, 7, 1]) {
    const url = days === 14 ? feed : `${feed}?days=${days}`;
    // Warm-up (JIT, statement caches, the page cache), which also counts the programmes.
    const counted = await streamOnce(client, url, gc, true);
    if (days === 14 && counted.programmes !== programmes) {
      throw new Error(`the feed had ${counted.programmes} programmes, the seed ${programmes}`);
    }
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await streamOnce(client, url, gc));
    const first = { ...(results[0] ?? counted), programmes: counted.programmes };
    const total = median(results.map((run) => run.totalMs));
    rows.push([
      dialect,
      String(days),
      formatNumber(first.programmes),
      formatNumber(first.bytes / MB, 1),
      formatNumber(median(results.map((run) => run.ttfbMs)), 1),
      formatNumber(total, 0),
      formatNumber(first.programmes / (total / 1000), 0),
      formatNumber(first.bytes / MB / (total / 1000), 1),
      formatNumber(Math.max(...results.map((run) => run.peakRssMb)), 0),
      formatNumber(Math.max(...results.map((run) => run.rssGrowthMb)), 1),
      formatNumber(Math.max(...results.map((run) => run.heapGrowthMb)), 1),
      formatNumber(Math.max(...results.map((run) => run.retainedMb)), 1),
      days === 14 ? (total < 1000 ? 'meets' : '**misses**') : '',
    ]);
  }
  const notModified = await conditionalMs(client, feed, runs);
  console.log(
    `  If-None-Match with the current ETag: ${notModified.status}, median ${formatNumber(notModified.ms, 2)} ms`,
  );
  rows.push([
    dialect,
    '14, 304',
    '0',
    '0',
    '',
    formatNumber(notModified.ms, 2),
    ...Array.from({ length: 7 }, () => ''),
  ]);
  await cleanUp();
  return rows;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  exitOnSignals();
  const gc = collector();
  console.log(`bench/feeds on ${machine()}; ${options.runs} timed streams per window`);
  const rows: string[][] = [];
  try {
    for (const dialect of options.dialects)
      rows.push(...(await benchmark(dialect, options.runs, gc)));
  } finally {
    await cleanUp();
  }
  printTable(
    `XMLTV feed over HTTP, ${CHANNELS} channels (median of ${options.runs} runs; memory: worst run)`,
    [
      [
        'db',
        'days',
        'programmes',
        'MB',
        'TTFB ms',
        'total ms',
        'programmes/s',
        'MB/s',
        'peak RSS MB',
        'RSS growth MB',
        'heap growth MB',
        'retained MB',
        '< 1 s',
      ],
      ...rows,
    ],
  );
  console.log(`\nload average at the end: ${load()}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `\nbench/feeds failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
