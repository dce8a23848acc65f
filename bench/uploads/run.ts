import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import PocketBase from 'pocketbase';
import { Upload } from 'tus-js-client';
import {
  cleanUp,
  createPostgresDatabase,
  type Dialect,
  exitOnSignals,
  formatNumber,
  freePort,
  load,
  machine,
  onCleanUp,
  parseDialects,
  parseWholeNumber,
  printTable,
} from '../common.js';

// Resumable upload throughput (tus, /api/v1/uploads) of a big file into a show's media, and the
// server's memory while it runs: the server process's resident set is sampled every 100 ms, so
// "flat" means the upload streams to disk and is never held in memory. The server runs as
// `airgrid serve` in a child process (its memory is its own); the client is tus-js-client, as
// the web app sends it, with the app's piece size.
//
//   npx tsx --conditions=airgrid-source bench/uploads/run.ts [--db sqlite|postgres|both] [--size-mb 1024] [--chunk-mb 8]

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;
const PASSWORD = 'upload-bench-password';

interface Result {
  dialect: Dialect;
  seconds: number;
  baselineMiB: number;
  peakMiB: number;
  endMiB: number;
}

/** The resident set of a process in MiB (Linux), or NaN elsewhere. */
function residentMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * A big "MP4" on disk: the type box the server's content check looks for, then zeros (a sparse
 * file: written in an instant, read back at disk-cache speed).
 */
function bigFile(dir: string, sizeMiB: number): string {
  const file = path.join(dir, 'programme.mp4');
  const fd = openSync(file, 'w');
  writeSync(
    fd,
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2'),
    ]),
  );
  writeSync(fd, Buffer.alloc(1), 0, 1, sizeMiB * MiB - 1);
  closeSync(fd);
  return file;
}

async function startServer(dialect: Dialect, dataDir: string) {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    GUEST_RATE_LIMIT: 'off',
    ...(dialect === 'postgres'
      ? { DATABASE_URL: await createPostgresDatabase('airgrid_upload') }
      : {}),
  };
  const port = await freePort();
  const cli = path.join(BENCH_DIR, '../../apps/server/src/cli.ts');
  const child = spawn(
    process.execPath,
    ['--conditions=airgrid-source', '--import', 'tsx', cli, 'serve'],
    {
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  onCleanUp(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the server did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, pid: child.pid ?? 0 };
}

async function run(dialect: Dialect, sizeMiB: number, chunkMiB: number): Promise<Result> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airgrid-upload-bench-'));
  onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  const { url, pid } = await startServer(dialect, path.join(dir, 'data'));
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  const email = `bench-${Date.now()}@example.org`;
  await pb.collection('users').create({ email, password: PASSWORD, passwordConfirm: PASSWORD });
  await pb.collection('users').authWithPassword(email, PASSWORD);
  const organization = await pb
    .collection('organizations')
    .create({ name: 'Upload Bench TV', slug: `upload-bench-${Date.now()}`, timeZone: 'UTC' });
  await pb.collection('users').authRefresh();
  const show = await pb
    .collection('shows')
    .create({ organization: organization.id, title: 'Big Programme' });
  const file = bigFile(dir, sizeMiB);

  // Let the server settle, then sample its memory through the upload.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const baselineMiB = residentMiB(pid);
  let peakMiB = baselineMiB;
  const sampler = setInterval(() => {
    peakMiB = Math.max(peakMiB, residentMiB(pid));
  }, 100);
  const started = performance.now();
  const { createReadStream } = await import('node:fs');
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(createReadStream(file) as never, {
      endpoint: `${url}/api/v1/uploads`,
      uploadSize: sizeMiB * MiB,
      chunkSize: chunkMiB * MiB,
      retryDelays: [0, 1000],
      headers: { Authorization: pb.authStore.token },
      metadata: {
        collection: 'shows',
        record: show.id,
        field: 'media',
        filename: 'programme.mp4',
        filetype: 'video/mp4',
      },
      onSuccess: () => resolve(),
      onError: reject,
    });
    upload.start();
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const endMiB = residentMiB(pid);
  const stored = await pb.collection('shows').getOne(show.id);
  if (!stored.media) throw new Error('the show has no media after the upload');
  return { dialect, seconds, baselineMiB, peakMiB, endMiB };
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      'size-mb': { type: 'string' },
      'chunk-mb': { type: 'string' },
    },
  });
  const dialects = parseDialects(values.db ?? 'sqlite');
  const sizeMiB = parseWholeNumber('size-mb', values['size-mb'] ?? '1024', 1, 8192);
  const chunkMiB = parseWholeNumber('chunk-mb', values['chunk-mb'] ?? '8', 1, 1024);
  exitOnSignals();
  console.log(`Machine: ${machine()}; load ${load()}`);
  console.log(`Uploading ${formatNumber(sizeMiB)} MiB in pieces of ${chunkMiB} MiB through tus`);
  const rows = [
    [
      'database',
      'time (s)',
      'throughput (MiB/s)',
      'server RSS before (MiB)',
      'peak (MiB)',
      'growth (MiB)',
      'after (MiB)',
    ],
  ];
  try {
    for (const dialect of dialects) {
      const result = await run(dialect, sizeMiB, chunkMiB);
      rows.push([
        dialect,
        formatNumber(result.seconds, 1),
        formatNumber(sizeMiB / result.seconds, 0),
        formatNumber(result.baselineMiB, 0),
        formatNumber(result.peakMiB, 0),
        formatNumber(result.peakMiB - result.baselineMiB, 0),
        formatNumber(result.endMiB, 0),
      ]);
      await cleanUp();
    }
    printTable('Resumable upload of one big file', rows);
  } finally {
    await cleanUp();
  }
}

await main();
