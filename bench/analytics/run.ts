import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FIVE_MINUTES_MS, HOUR_MS } from '@airgrid/domain';
import { AUDIENCE_GROUPS } from '@airgrid/schema';
import autocannon from 'autocannon';
import PocketBase from 'pocketbase';
import { loadConfig } from '../../apps/server/src/config.js';
import { type RunningServer, startServer } from '../../apps/server/src/main.js';
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

// Audience measurement under load (issue 41, item 2; decision 0052). The real server runs in
// this process on a fresh database; autocannon, in a worker thread on the same two cores:
//
// - beacon ingest: POST /api/v1/analytics/beacons flat out, each request a new viewer's start
//   (its own session id, as autocannon's [<id>] gives), against a bare route of the same server
//   that reads the same text/plain body and answers 204: beacons per second taken (rows written
//   once the buffer flushed) and the ratio to the bare route. Target 5,000/s. All the load comes
//   from one address, so the per-address limit (600 a minute) is lifted for the run.
// - reports: the rollups of 10 million raw events (written straight into _analytics_5m and
//   _analytics_1h, as 30 days of a busy station would leave them), then GET
//   /api/v1/analytics/audience for every grouping over a day, a week and 30 days, as a member:
//   p50 / p95. Target p95 under 200 ms.
//
//   npm run bench:analytics [-- --db sqlite|postgres|both] [--duration 10] [--events 10000000] [--queries 20]

interface Options {
  dialects: Dialect[];
  durationSec: number;
  events: number;
  queries: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'sqlite' },
      duration: { type: 'string', default: '10' },
      events: { type: 'string', default: '10000000' },
      queries: { type: 'string', default: '20' },
    },
  });
  return {
    dialects: parseDialects(values.db),
    durationSec: parseWholeNumber('duration', values.duration, 1, 600),
    events: parseWholeNumber('events', values.events, 1000, 1_000_000_000),
    queries: parseWholeNumber('queries', values.queries, 1, 10_000),
  };
}

async function start(dialect: Dialect, dataDir: string): Promise<RunningServer> {
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    GUEST_RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    PASSWORD_HASH_COST: '4',
  };
  if (dialect === 'postgres')
    env.DATABASE_URL = await createPostgresDatabase('airgrid_bench_analytics');
  const server = await startServer(loadConfig(env), {
    // One address plays the whole audience.
    analytics: { perAddressPerMinute: Number.MAX_SAFE_INTEGER },
    // The framework's floor: the same server, a route that reads the body and does nothing.
    routes: (app) => {
      app.post('/bench/bare', async (request, reply) => {
        if (typeof request.body !== 'string') throw new Error('no body');
        return reply.code(204).send();
      });
    },
  });
  onCleanUp(() => server.close());
  return server;
}

/** A station with public channels, their shows, embeds, and a signed-in owner. */
async function station(server: RunningServer) {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  const email = `bench-${Date.now()}@example.org`;
  await pb
    .collection('users')
    .create({ email, password: 'bench-password', passwordConfirm: 'bench-password' });
  await pb.collection('users').authWithPassword(email, 'bench-password');
  const organization = await pb
    .collection('organizations')
    .create({ name: 'Bench TV', slug: `bench-${Date.now()}`, timeZone: 'America/New_York' });
  await pb.collection('users').authRefresh();
  const org = organization.id;
  const channels: string[] = [];
  const shows: string[] = [];
  for (let i = 0; i < 40; i++) {
    shows.push((await pb.collection('shows').create({ organization: org, title: `Show ${i}` })).id);
  }
  for (let i = 0; i < 5; i++) {
    channels.push(
      (
        await pb.collection('channels').create({
          organization: org,
          name: `Channel ${i + 1}`,
          slug: `channel-${i + 1}`,
          number: i + 1,
          timeZone: 'America/New_York',
          public: true,
        })
      ).id,
    );
  }
  // The first channel's schedule around now: the ingest attributes every beacon to a show.
  const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  for (let h = -2; h < 4; h++) {
    await pb.collection('timeslots').create({
      organization: org,
      channel: channels[0],
      show: shows[(h + 2) % shows.length],
      start: new Date(hour + h * HOUR_MS).toISOString().replace('T', ' '),
      durationSec: 3600,
    });
  }
  const embeds: string[] = [];
  for (let i = 0; i < 3; i++) {
    embeds.push(
      (
        await pb.collection('embeds').create({
          organization: org,
          name: `Player ${i}`,
          kind: 'player',
          channels: [channels[i]],
        })
      ).id,
    );
  }
  return { pb, org, channels, shows, embeds };
}

function fire(
  url: string,
  options: { durationSec: number; connections: number; body: string },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        connections: options.connections,
        duration: options.durationSec,
        workers: 1,
        idReplacement: true,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: options.body,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** A fixed pseudo-random sequence, so every run writes the same rollups. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * Writes the rollups 30 days of `events` raw events leave: five channels, each bucket one show
 * (a new one every hour), the app's own pages and three widgets on four sites each. Answers the
 * five-minute and hourly rows written.
 */
async function writeRollups(
  server: RunningServer,
  target: Awaited<ReturnType<typeof station>>,
  events: number,
  now: number,
): Promise<[number, number]> {
  const db = server.database.db;
  const random = sequence(41);
  const days = 30;
  const first = Math.floor((now - days * 86_400_000) / HOUR_MS) * HOUR_MS;
  const buckets = (days * 86_400_000) / FIVE_MINUTES_MS;
  // Attributions of a channel: the app (no embed), and its widget on four sites.
  const places = (channel: number) =>
    channel < target.embeds.length
      ? [
          { embed: '', origin: '' },
          ...[0, 1, 2, 3].map((site) => ({
            embed: target.embeds[channel] ?? '',
            origin: `https://site${site}.example`,
          })),
        ]
      : [{ embed: '', origin: '' }];
  const keys = target.channels.flatMap((_, channel) => places(channel).length);
  const rowsPerBucket = keys.reduce((sum, count) => sum + count, 0);
  // Each five-minute row stands for this many raw events on average (starts, beats, ends).
  const perRow = events / (buckets * rowsPerBucket);
  type Row = {
    bucket: number;
    organization: string;
    channel: string;
    show: string;
    ad: string;
    embed: string;
    origin: string;
    views: number;
    watchSeconds: number;
    sessions: number;
    peak: number;
  };
  const hourly = new Map<string, Row>();
  let batch: Row[] = [];
  let fiveMinuteRows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    for (let at = 0; at < rows.length; at += 1000)
      await db
        .insertInto('_analytics_5m')
        .values(rows.slice(at, at + 1000))
        .execute();
  };
  for (let b = 0; b < buckets; b++) {
    const bucket = first + b * FIVE_MINUTES_MS;
    const hour = Math.floor(bucket / HOUR_MS) * HOUR_MS;
    // Evenings are busier than nights.
    const shape = 0.3 + 1.4 * Math.max(0, Math.sin((((hour / HOUR_MS) % 24) / 24) * Math.PI * 2));
    for (const [c, channel] of target.channels.entries()) {
      const show = target.shows[(c * 7 + Math.floor(hour / HOUR_MS)) % target.shows.length] ?? '';
      for (const place of places(c)) {
        const raw = Math.max(1, Math.round(perRow * shape * (0.5 + random())));
        // About one start per ten beats; a session beats ten times in five minutes at most.
        const views = Math.max(0, Math.round(raw / 12));
        const sessions = Math.max(1, Math.round(raw / 8));
        const row: Row = {
          bucket,
          organization: target.org,
          channel,
          show,
          ad: '',
          ...place,
          views,
          watchSeconds: Math.min(raw * 30, sessions * 300),
          sessions,
          peak: Math.max(1, Math.round(sessions * 0.8)),
        };
        batch.push(row);
        fiveMinuteRows += 1;
        const key = `${hour}|${channel}|${place.embed}|${place.origin}`;
        const sum = hourly.get(key);
        if (sum) {
          sum.views += row.views;
          sum.watchSeconds += row.watchSeconds;
          sum.sessions += row.sessions;
          sum.peak = Math.max(sum.peak, row.peak);
        } else hourly.set(key, { ...row, bucket: hour });
      }
    }
    if (batch.length >= 20_000) await flush();
  }
  await flush();
  const hours = [...hourly.values()];
  for (let at = 0; at < hours.length; at += 1000)
    await db
      .insertInto('_analytics_1h')
      .values(hours.slice(at, at + 1000))
      .execute();
  return [fiveMinuteRows, hours.length];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main() {
  exitOnSignals();
  const options = parseOptions(process.argv.slice(2));
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-analytics-'));
  onCleanUp(() => rmSync(scratch, { recursive: true, force: true }));
  console.log(`Machine: ${machine()}; load ${load()}`);

  for (const dialect of options.dialects) {
    const server = await start(dialect, mkdtempSync(path.join(scratch, `${dialect}-`)));
    const target = await station(server);
    const beacon = JSON.stringify({
      kind: 'start',
      session: '[<id>]',
      channel: target.channels[0],
    });
    const beaconUrl = `${server.url}/api/v1/analytics/beacons`;
    // Warm both routes up first (connections, JIT, the attribution's minute).
    await fire(beaconUrl, { durationSec: 3, connections: 50, body: beacon });
    await fire(`${server.url}/bench/bare`, { durationSec: 3, connections: 50, body: beacon });
    await server.app.analytics.flush();
    const count = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('_analytics_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const ingest = await fire(beaconUrl, {
      durationSec: options.durationSec,
      connections: 50,
      body: beacon,
    });
    await server.app.analytics.flush();
    const taken = (await count()) - before;
    const bare = await fire(`${server.url}/bench/bare`, {
      durationSec: options.durationSec,
      connections: 50,
      body: beacon,
    });
    const errors = [ingest, bare].reduce((sum, r) => sum + r.errors + r.non2xx + r.timeouts, 0);
    const takenPerSec = taken / options.durationSec;
    printTable(`${dialect}: beacon ingest, flat out (50 connections), load ${load()}`, [
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'rows written/s'],
      [
        'POST /api/v1/analytics/beacons',
        formatNumber(ingest.requests.average),
        formatNumber(ingest.latency.p50, 1),
        formatNumber(ingest.latency.p99, 1),
        formatNumber(takenPerSec),
      ],
      [
        'bare route (same body, 204)',
        formatNumber(bare.requests.average),
        formatNumber(bare.latency.p50, 1),
        formatNumber(bare.latency.p99, 1),
        '–',
      ],
    ]);
    console.log(
      `beacons taken per second / bare route's requests per second: ${formatNumber(takenPerSec / Math.max(1, bare.requests.average), 2)}; ` +
        `rows written ${formatNumber(taken)} for ${formatNumber(ingest.requests.total)} answered (requests in flight at the end count as written, not answered); errors ${errors}`,
    );

    // Reports over the rollups of 10 million raw events.
    const now = Date.now();
    const writing = performance.now();
    const [fiveMinute, hourly] = await writeRollups(server, target, options.events, now);
    console.log(
      `\nRollups of ${formatNumber(options.events)} raw events over 30 days: ${formatNumber(fiveMinute)} five-minute rows, ${formatNumber(hourly)} hourly rows (written in ${formatNumber((performance.now() - writing) / 1000, 1)} s)`,
    );
    const windows = [
      ['a day', 86_400_000],
      ['a week', 7 * 86_400_000],
      ['30 days', 30 * 86_400_000],
    ] as const;
    const rows: string[][] = [['window', 'grain', 'queries', 'p50 ms', 'p95 ms', 'max ms']];
    const all: number[] = [];
    for (const [name, span] of windows) {
      const times: number[] = [];
      let grain = '';
      for (let q = 0; q < options.queries; q++) {
        for (const by of AUDIENCE_GROUPS) {
          const started = performance.now();
          const reply = await target.pb.send('/api/v1/analytics/audience', {
            query: {
              from: new Date(now - span).toISOString(),
              to: new Date(now).toISOString(),
              by,
            },
          });
          times.push(performance.now() - started);
          grain = String(reply.grain);
        }
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      rows.push([
        name,
        grain,
        String(times.length),
        formatNumber(percentile(times, 50), 1),
        formatNumber(percentile(times, 95), 1),
        formatNumber(times.at(-1) ?? 0, 1),
      ]);
    }
    all.sort((a, b) => a - b);
    rows.push([
      'all',
      '',
      String(all.length),
      formatNumber(percentile(all, 50), 1),
      formatNumber(percentile(all, 95), 1),
      formatNumber(all.at(-1) ?? 0, 1),
    ]);
    printTable(
      `${dialect}: GET /api/v1/analytics/audience, every grouping (${AUDIENCE_GROUPS.join(', ')}), one at a time, load ${load()}`,
      rows,
    );
    await server.close();
  }
  await cleanUp();
}

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanUp();
  process.exit(1);
});
