import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PLAYOUT_PROFILES, type PlayoutProfileId } from '@airgrid/schema';
import autocannon from 'autocannon';
import PocketBase from 'pocketbase';
import { loadConfig } from '../../apps/server/src/config.js';
import { packageMedia } from '../../apps/server/src/features/playout/playout-ffmpeg.js';
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

// Airgrid playout under load (issue 39, item 6). The real server runs in this process on a
// fresh database, a public channel airs through playout (a packaged programme, filler, slate),
// and autocannon, in a worker thread, plays the audience:
//
// - 10,000 players polling the live media playlist every target duration (6 s): a fixed rate of
//   1,667 requests a second; the latency percentiles, against the same rate on a bare Fastify
//   route of the same server (the framework's own floor), as a ratio. Target: p99 under 20 ms.
// - the most the playlist route answers (as many connections as it takes);
// - segments: the bytes per second one node serves them at.
// - packaging: seconds of work per second of media, per profile (ffmpeg on this machine).
//
//   npm run bench:playout [-- --db sqlite|postgres|both] [--duration 10] [--players 10000] [--media 120]

interface Options {
  dialects: Dialect[];
  durationSec: number;
  players: number;
  mediaSec: number;
}

const SEGMENT_SEC = 6;

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'sqlite' },
      duration: { type: 'string', default: '10' },
      players: { type: 'string', default: '10000' },
      media: { type: 'string', default: '120' },
    },
  });
  return {
    dialects: parseDialects(values.db),
    durationSec: parseWholeNumber('duration', values.duration, 1, 600),
    players: parseWholeNumber('players', values.players, 1, 1_000_000),
    mediaSec: parseWholeNumber('media', values.media, 6, 3600),
  };
}

/** A test picture with a tone, as a station's upload: H.264/AAC 1280×720. */
function makeClip(dir: string, seconds: number): string {
  const file = path.join(dir, `clip-${seconds}.mp4`);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    file,
  ]);
  return file;
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
    env.DATABASE_URL = await createPostgresDatabase('airgrid_bench_playout');
  const server = await startServer(loadConfig(env), {
    // The framework's floor: the same server, a route that does nothing.
    routes: (app) => {
      app.get('/bench/bare', async (_request, reply) =>
        reply.type('application/vnd.apple.mpegurl').send('#EXTM3U\n'),
      );
    },
  });
  onCleanUp(() => server.close());
  return server;
}

/** A station whose public channel airs through playout, packaged; answers the playlist paths. */
async function station(server: RunningServer, clip: string) {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  const email = `bench-${Date.now()}@example.org`;
  await pb
    .collection('users')
    .create({ email, password: 'bench-password', passwordConfirm: 'bench-password' });
  await pb.collection('users').authWithPassword(email, 'bench-password');
  const organization = await pb
    .collection('organizations')
    .create({ name: 'Bench TV', slug: `bench-${Date.now()}`, timeZone: 'UTC' });
  await pb.collection('users').authRefresh();
  const media = new File([readFileSync(clip)], 'programme.mp4', { type: 'video/mp4' });
  const show = await pb
    .collection('shows')
    .create({ organization: organization.id, title: 'Programme', durationSec: 900, media });
  const channel = await pb.collection('channels').create({
    organization: organization.id,
    name: 'Bench One',
    slug: 'bench-one',
    timeZone: 'UTC',
    public: true,
    source: 'playout',
    playoutProfile: '480p30',
    filler: [show.id],
  });
  const quarter = 15 * 60_000;
  await pb.collection('timeslots').create({
    organization: organization.id,
    channel: channel.id,
    show: show.id,
    start: new Date(Math.ceil(Date.now() / quarter) * quarter).toISOString().replace('T', ' '),
    durationSec: 900,
  });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const jobs = await pb.collection('jobs').getFullList();
    const playout = jobs.filter((job) => String(job.kind).startsWith('playout-'));
    if (playout.length >= 2 && playout.every((job) => job.state === 'done')) break;
    if (playout.some((job) => job.state === 'failed') || Date.now() > deadline)
      throw new Error('Packaging failed or took over ten minutes.');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const playlist = `/api/v1/channels/${channel.id}/live/video.m3u8`;
  const text = await (await fetch(`${server.url}${playlist}`)).text();
  const segment = text.split('\n').find((line) => line.endsWith('.ts'));
  if (!segment) throw new Error(`The playlist lists no segment:\n${text}`);
  return { playlist, segment: `/api/v1/channels/${channel.id}/live/${segment}` };
}

function fire(
  url: string,
  options: { durationSec: number; connections: number; overallRate?: number },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: options.connections,
        duration: options.durationSec,
        workers: 1,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function packagingSpeed(clip: string, seconds: number): Promise<string[][]> {
  const rows: string[][] = [['profile', 'media s', 'work s', 'work per hour of media']];
  for (const id of ['480p30', '720p30', '1080p30'] as PlayoutProfileId[]) {
    const out = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-package-'));
    try {
      const started = performance.now();
      await packageMedia(
        { kind: 'media', file: clip, hasVideo: true, hasAudio: true, durationSec: seconds },
        PLAYOUT_PROFILES[id],
        SEGMENT_SEC,
        out,
        () => undefined,
      );
      const work = (performance.now() - started) / 1000;
      rows.push([
        id,
        String(seconds),
        formatNumber(work, 1),
        `${formatNumber((work / seconds) * 60, 1)} min`,
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  return rows;
}

async function main() {
  exitOnSignals();
  const options = parseOptions(process.argv.slice(2));
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-playout-'));
  onCleanUp(() => rmSync(scratch, { recursive: true, force: true }));
  console.log(`Machine: ${machine()}; load ${load()}`);
  const clip = makeClip(scratch, options.mediaSec);
  printTable(
    'Packaging (ffmpeg, veryfast, −24 LKFS, 6 s segments)',
    await packagingSpeed(clip, options.mediaSec),
  );

  const rate = Math.round(options.players / SEGMENT_SEC);
  for (const dialect of options.dialects) {
    const dataDir = mkdtempSync(path.join(scratch, `${dialect}-`));
    const server = await start(dialect, dataDir);
    const { playlist, segment } = await station(server, makeClip(scratch, 20));
    // Warm both paths up first (connections, JIT): the first seconds of a run are not the
    // steady state the players see.
    for (const target of [playlist, '/bench/bare']) {
      await fire(`${server.url}${target}`, { durationSec: 3, connections: 100, overallRate: rate });
    }
    const polled = await fire(`${server.url}${playlist}`, {
      durationSec: options.durationSec,
      connections: 100,
      overallRate: rate,
    });
    const bare = await fire(`${server.url}/bench/bare`, {
      durationSec: options.durationSec,
      connections: 100,
      overallRate: rate,
    });
    const most = await fire(`${server.url}${playlist}`, {
      durationSec: options.durationSec,
      connections: 50,
    });
    const segments = await fire(`${server.url}${segment}`, {
      durationSec: options.durationSec,
      connections: 20,
    });
    const errors = [polled, bare, most, segments].reduce(
      (sum, r) => sum + r.errors + r.non2xx + r.timeouts,
      0,
    );
    printTable(
      `${dialect}: ${formatNumber(options.players)} players polling every ${SEGMENT_SEC} s (${formatNumber(rate)} req/s), load ${load()}`,
      [
        ['route', 'req/s', 'p50 ms', 'p99 ms', 'max ms'],
        ...[
          ['live playlist', polled],
          ['bare Fastify route', bare],
          ['live playlist, flat out', most],
          ['segment, flat out', segments],
        ].map(([name, r]) => {
          const result = r as autocannon.Result;
          return [
            String(name),
            formatNumber(result.requests.average),
            formatNumber(result.latency.p50, 1),
            formatNumber(result.latency.p99, 1),
            formatNumber(result.latency.max, 1),
          ];
        }),
      ],
    );
    console.log(
      `p99 ratio, playlist / bare route at the same rate: ${formatNumber(polled.latency.p99 / Math.max(0.1, bare.latency.p99), 2)}; ` +
        `segments served at ${formatNumber(segments.throughput.average / 1e6, 1)} MB/s; errors ${errors}`,
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
