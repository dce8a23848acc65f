import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toRecordDate } from '@airgrid/domain';
import { sql } from 'kysely';
import {
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
} from '../../apps/server/src/db/database.js';
import { findCollision } from '../../apps/server/src/features/schedule/timeslots-repository.js';
import { GuideRepository } from '../../apps/server/src/public-reads/guide-repository.js';
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

// The guide's window query over a million timeslots (issue 6: p99 under 20 ms), and the
// overlap check every timeslot write runs, on SQLite and PostgreSQL. The queries are the
// server's own (GuideRepository.window, findCollision) on a database seeded directly:
// 50 channels × 20,000 half-hour timeslots (about 14 months each, one in ten cancelled).
//
//   npm run bench:schedule:guide [-- --db sqlite|postgres|both] [--runs 200]

const CHANNELS = 50;
const PER_CHANNEL = 20_000;
const SLOT_MS = 1_800_000;
const DAY_MS = 86_400_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const BATCH = 1000;

interface Options {
  dialects: Dialect[];
  runs: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: { db: { type: 'string', default: 'both' }, runs: { type: 'string', default: '200' } },
  });
  return {
    dialects: parseDialects(values.db),
    runs: parseWholeNumber('runs', values.runs, 10, 10_000),
  };
}

async function open(dialect: Dialect): Promise<DatabaseHandle> {
  if (dialect === 'postgres') {
    const handle = openDatabase({ dialect: 'postgres', url: await createPostgresDatabase() });
    onCleanUp(() => handle.close());
    return handle;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-guide-'));
  onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  const handle = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'airgrid.db') });
  onCleanUp(() => handle.close());
  return handle;
}

/** One organization, one show, 50 channels of back-to-back half-hour timeslots. */
async function seed(handle: DatabaseHandle): Promise<{ organization: string; channels: string[] }> {
  const { db } = handle;
  await migrateToLatest(db);
  const now = toRecordDate(Date.now());
  const organization = newRecordId();
  const show = newRecordId();
  await db
    .insertInto('organizations')
    .values({
      id: organization,
      name: 'Bench',
      slug: 'bench',
      timeZone: 'UTC',
      created: now,
      updated: now,
    } as never)
    .execute();
  await db
    .insertInto('shows')
    .values({
      id: show,
      organization,
      title: 'Show',
      tags: '[]',
      externalIds: '{}',
      created: now,
      updated: now,
    } as never)
    .execute();
  const channels: string[] = [];
  for (let c = 0; c < CHANNELS; c++) {
    const id = newRecordId();
    channels.push(id);
    await db
      .insertInto('channels')
      .values({
        id,
        organization,
        name: `C${c}`,
        slug: `c${c}`,
        timeZone: 'UTC',
        public: true,
        archived: false,
        created: now,
        updated: now,
      } as never)
      .execute();
  }
  const started = Date.now();
  for (const [c, channel] of channels.entries()) {
    for (let i = 0; i < PER_CHANNEL; i += BATCH) {
      const rows = [];
      for (let j = i; j < i + BATCH; j++) {
        rows.push({
          id: newRecordId(),
          organization,
          channel,
          show,
          start: toRecordDate(T0 + j * SLOT_MS),
          durationSec: SLOT_MS / 1000,
          status: j % 10 === 0 ? 'cancelled' : 'scheduled',
          locked: false,
          created: now,
          updated: now,
        });
      }
      await db
        .insertInto('timeslots')
        .values(rows as never)
        .execute();
    }
    if (process.stdout.isTTY) process.stdout.write(`\r  seeding: ${c + 1}/${CHANNELS} channels`);
  }
  if (process.stdout.isTTY) process.stdout.write('\n');
  console.log(
    `  seeded ${formatNumber(CHANNELS * PER_CHANNEL)} timeslots in ${formatNumber((Date.now() - started) / 1000, 1)} s`,
  );
  // PostgreSQL plans from statistics, which autovacuum would refresh after a load like this.
  if (handle.dialect === 'postgres') await sql`analyze`.execute(db);
  return { organization, channels };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(runs: number, once: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await once(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once(i);
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

async function benchmark(dialect: Dialect, runs: number): Promise<string[][]> {
  console.log(`\n== ${dialect} == (load average ${load()})`);
  const handle = await open(dialect);
  const { organization, channels } = await seed(handle);
  const guide = new GuideRepository(handle.db, dialect);
  // Windows spread over the year, each starting mid-programme (the running-at-from case).
  const windowStart = (i: number) => T0 + ((i * 7) % 380) * DAY_MS + 600_000;
  const first = await guide.window(channels, windowStart(0), windowStart(0) + DAY_MS);
  if (first.length < CHANNELS * 40)
    throw new Error(`the window found only ${first.length} timeslots`);
  const window = await time(runs, (i) =>
    guide.window(channels, windowStart(i), windowStart(i) + DAY_MS),
  );
  const collision = await time(runs, (i) =>
    findCollision(handle.db, {
      organization,
      channel: channels[i % CHANNELS] ?? '',
      start: toRecordDate(windowStart(i)),
      end: toRecordDate(windowStart(i) + 3_600_000),
      except: '',
    }),
  );
  const row = (name: string, samples: number[], target: string) => {
    const p99 = percentile(samples, 99);
    const verdict = target ? (p99 < 20 ? 'meets' : '**misses**') : '';
    return [
      dialect,
      name,
      formatNumber(percentile(samples, 50), 2),
      formatNumber(p99, 2),
      formatNumber(samples[samples.length - 1] ?? Number.NaN, 2),
      target,
      verdict,
    ];
  };
  await cleanUp();
  return [
    row(
      `24 h window, ${CHANNELS} channels (${formatNumber(first.length)} timeslots)`,
      window,
      '< 20',
    ),
    row('overlap check of one write', collision, ''),
  ];
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  exitOnSignals();
  console.log(`bench/schedule guide window on ${machine()}; ${options.runs} timed queries each`);
  const rows: string[][] = [];
  try {
    for (const dialect of options.dialects) rows.push(...(await benchmark(dialect, options.runs)));
  } finally {
    await cleanUp();
  }
  printTable('Guide window over 1,000,000 timeslots (ms per query)', [
    ['db', 'query', 'p50', 'p99', 'max', 'target p99', 'verdict'],
    ...rows,
  ]);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `\nbench/schedule guide failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
