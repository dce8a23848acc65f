import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CablecastSyncRecord } from '@airgrid/schema';
import PocketBase from 'pocketbase';
import { loadConfig } from '../../apps/server/src/config.js';
import { startServer } from '../../apps/server/src/main.js';
import {
  type FakeCablecastData,
  type FakeScheduleItem,
  type FakeShow,
  startCablecastServer,
} from '../../apps/server/test/cablecast-server.js';
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

// How long a station waits for its Cablecast schedule (issue 19, "within minutes"): a fake
// Cablecast on loopback holds a catalogue and, per channel, a run every hour for the sync's
// whole window (7 days back, 30 ahead); the server runs in this process on a fresh database.
// Prints the first import (every show and run), a sync that finds nothing new, and one after a
// tenth of the runs moved and a tenth of the shows changed.
//
//   npx tsx --conditions=airgrid-source bench/cablecast-sync/run.ts [--db sqlite|postgres]
//     [--channels 4] [--shows 2000] [--runs-per-day 24]

const DAY_MS = 86_400_000;
const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    channels: { type: 'string', default: '4' },
    shows: { type: 'string', default: '2000' },
    'runs-per-day': { type: 'string', default: '24' },
  },
});
const dialects = parseDialects(values.db);
if (dialects.length !== 1) throw new Error('--db must be sqlite or postgres (one at a time).');
const dialect = dialects[0] as Dialect;
const channelCount = parseWholeNumber('channels', values.channels, 1, 50);
const showCount = parseWholeNumber('shows', values.shows, 1, 100_000);
const runsPerDay = parseWholeNumber('runs-per-day', values['runs-per-day'], 1, 96);

/** `2026-11-26T19:00:00Z`, as a Cablecast server in UTC writes a run's time. */
function cablecastTime(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** A catalogue and a schedule like a busy PEG station's, runs as offset-less local text. */
function stationData(now: number): FakeCablecastData {
  const shows: FakeShow[] = Array.from({ length: showCount }, (_, index) => ({
    id: 10_000 + index,
    title: `Programme ${index}`,
    cgTitle: `Programme ${index}`,
    comments: `Episode notes for programme ${index}.`,
    lastModified: '2024-01-01T00:00:00',
    category: 1,
    producer: 1,
    reels: [],
    totalRunTime: 1800 + (index % 4) * 900 - 90,
  }));
  const scheduleItems: FakeScheduleItem[] = [];
  const step = DAY_MS / runsPerDay;
  const first = Math.floor((now - 7 * DAY_MS) / DAY_MS) * DAY_MS;
  let id = 1;
  for (let channel = 1; channel <= channelCount; channel += 1) {
    for (let at = first; at < now + 30 * DAY_MS; at += step) {
      scheduleItems.push({
        id: id++,
        channel,
        show: 10_000 + ((id * 7) % showCount),
        runDateTime: cablecastTime(at),
        idType: 1,
        cgExempt: false,
        filler: false,
        deleted: false,
        lastModified: '2024-01-01T00:00:00',
      });
    }
  }
  return {
    channels: Array.from({ length: channelCount }, (_, index) => ({
      id: index + 1,
      name: `Channel ${index + 1}`,
    })),
    categories: [{ id: 1, name: 'Community' }],
    producers: [{ id: 1, name: 'Members' }],
    shows,
    reels: [],
    scheduleItems,
  };
}

exitOnSignals();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airgrid-cablecast-bench-'));
onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
const env: Record<string, string> = {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEB_DIST: dataDir,
  GUEST_RATE_LIMIT: 'off',
};
if (dialect === 'postgres') env.DATABASE_URL = await createPostgresDatabase('airgrid_cablecast');
const server = await startServer(loadConfig(env));
onCleanUp(() => server.close());
const data = stationData(Date.now());
const cablecast = await startCablecastServer({ data, timeZone: 'UTC' });
onCleanUp(() => cablecast.close());

const pb = new PocketBase(server.url);
const email = `bench-${Date.now()}@example.org`;
const password = 'correct-horse-battery';
await pb.collection('users').create({ email, password, passwordConfirm: password, name: 'Bench' });
await pb.collection('users').authWithPassword(email, password);
await pb
  .collection('organizations')
  .create({ name: 'Bench station', slug: `bench-${Date.now().toString(36)}`, timeZone: 'UTC' });
await pb.collection('users').authRefresh();
await pb.send('/api/v1/cablecast', { method: 'PUT', body: { baseUrl: cablecast.url } });
await pb.send('/api/v1/cablecast/test', { method: 'POST', body: {} });
await pb.send('/api/v1/cablecast/sync-settings', {
  method: 'PUT',
  body: {
    channels: data.channels.map((channel) => ({ cablecast: channel.id, channel: 'new' })),
    syncEveryMinutes: 0,
  },
});

async function timedSync(): Promise<{ seconds: number; sync: CablecastSyncRecord }> {
  const started = performance.now();
  const queued = await pb.send<CablecastSyncRecord>('/api/v1/cablecast/sync', { method: 'POST' });
  for (;;) {
    const sync = await pb.collection('cablecastSyncs').getOne<CablecastSyncRecord>(queued.id);
    if (sync.state === 'done' || sync.state === 'failed') {
      if (sync.state === 'failed') throw new Error(`the sync failed: ${sync.error}`);
      return { seconds: (performance.now() - started) / 1000, sync };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const table = [['sync', 'seconds', 'shows +/~', 'timeslots +/~/−', 'skipped', 'timeslots/s']];
const row = (name: string, { seconds, sync }: Awaited<ReturnType<typeof timedSync>>) => {
  const counts = sync.counts as Record<string, number>;
  const written =
    (counts.timeslotsCreated ?? 0) +
    (counts.timeslotsUpdated ?? 0) +
    (counts.timeslotsRemoved ?? 0);
  table.push([
    name,
    formatNumber(seconds, 1),
    `${counts.showsCreated}/${counts.showsUpdated}`,
    `${counts.timeslotsCreated}/${counts.timeslotsUpdated}/${counts.timeslotsRemoved}`,
    String(counts.skipped),
    written > 0 ? formatNumber(written / seconds) : '–',
  ]);
};

row('first import', await timedSync());
row('nothing changed', await timedSync());
// A tenth of the runs move by an hour (onto the next run's place: the moves chain), a tenth
// of the shows change.
for (const item of data.scheduleItems.filter((_, index) => index % 10 === 0)) {
  item.runDateTime = cablecastTime(Date.parse(item.runDateTime) + 3600_000);
  item.lastModified = '2024-02-01T00:00:00';
}
data.scheduleItems = data.scheduleItems.filter(
  (item, index, all) =>
    all.findIndex(
      (other) => other.channel === item.channel && other.runDateTime === item.runDateTime,
    ) === index,
);
for (const show of data.shows.filter((_, index) => index % 10 === 0)) {
  show.cgTitle = `${show.cgTitle} (new)`;
  show.lastModified = '2024-02-01T00:00:00';
}
row('a tenth changed', await timedSync());

printTable(
  `Cablecast sync, ${dialect}: ${channelCount} channels × 37 days × ${runsPerDay} runs, ${showCount} shows (${machine()}, load ${load()})`,
  table,
);
await cleanUp();
process.exit(0);
