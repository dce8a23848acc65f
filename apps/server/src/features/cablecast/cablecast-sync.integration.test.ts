import type { CablecastSyncRecord, TimeslotRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCablecastServer, startCablecastServer } from '../../../test/cablecast-server.js';
import {
  client,
  createMember,
  createShow,
  createTimeslot,
  failure,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// The Cablecast sync through the API (SQLite and PostgreSQL), against the fake Cablecast on
// loopback (issue 19, items 2 and 3): the channel map, the first import, a sync that changes
// nothing, incremental changes and deletions upstream, locked imports, a run landing on a
// timeslot made in Airgrid, a server that hangs mid-sync or refuses the password (nothing
// half-written, the admins told once), a DST weekend, the schedule, and who may do what.

let now = Date.parse('2024-06-01T12:00:00Z');
const clock = { now: () => now };
let server: TestServer;
let cablecast: FakeCablecastServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let channel: string;

beforeAll(async () => {
  server = await startTestServer({
    clock,
    cablecast: { timeoutMs: 1000, scheduleEveryMs: 100 },
    // The fake Cablecast server is on loopback.
    env: { CABLECAST_ALLOW_PRIVATE: 'true' },
  });
  cablecast = await startCablecastServer({ user: 'importer', password: 'secret' });
  station = await signUpOwner(server);
  await station.pb.send('/api/v1/cablecast', {
    method: 'PUT',
    body: { baseUrl: cablecast.url, apiKey: 'importer:secret' },
  });
  const check = await station.pb.send('/api/v1/cablecast/test', { method: 'POST', body: {} });
  expect(check).toMatchObject({ ok: true });
});

afterAll(async () => {
  await cablecast?.close();
  await server?.stop();
});

const saveSettings = (pb: PocketBase, body: Record<string, unknown>) =>
  pb.send<Record<string, unknown>>('/api/v1/cablecast/sync-settings', { method: 'PUT', body });

/** Presses "Sync now" and waits for the run to end. */
async function syncNow(pb: PocketBase = station.pb): Promise<CablecastSyncRecord> {
  const queued = await pb.send<CablecastSyncRecord>('/api/v1/cablecast/sync', { method: 'POST' });
  // Read like any run: an empty report until it ends.
  expect(queued).toMatchObject({ counts: {}, skipped: [] });
  return finished(pb, queued.id);
}

async function finished(pb: PocketBase, id: string): Promise<CablecastSyncRecord> {
  for (let tries = 0; tries < 200; tries += 1) {
    const sync = await pb.collection('cablecastSyncs').getOne<CablecastSyncRecord>(id);
    if (sync.state === 'done' || sync.state === 'failed') return sync;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`sync ${id} did not finish`);
}

const imported = () =>
  station.pb.collection('timeslots').getFullList<TimeslotRecord>({
    filter: 'cablecastId > 0',
    sort: 'start',
  });

/** A field's problem in a refusal. */
const fieldOf = (refusal: { data: Record<string, unknown> }, field: string) =>
  (refusal.data[field] ?? {}) as { code?: string; message?: string };

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const counts = (sync: CablecastSyncRecord) => sync.counts;
const reasonOf = (sync: CablecastSyncRecord, externalId: string) =>
  sync.skipped.find((entry) => entry.externalId === externalId)?.reason;

describe('the Cablecast sync', () => {
  it('maps Cablecast channels to Airgrid channels, making the ones asked for', async () => {
    const refused = await failure(
      saveSettings(station.pb, { channels: [{ cablecast: 99, channel: 'new' }] }),
    );
    expect(refused.status).toBe(400);
    expect(fieldOf(refused, 'channels').message).toContain('Cablecast channel 99');

    const saved = await saveSettings(station.pb, {
      channels: [
        { cablecast: 1, channel: 'new' },
        { cablecast: 2, channel: '' },
      ],
      syncEveryMinutes: 0,
    });
    const map = saved.channelMap as { cablecast: number; name: string; channel: string }[];
    expect(map).toHaveLength(2);
    expect(map[1]).toEqual({ cablecast: 2, name: 'Government 16', channel: '' });
    channel = String(map[0]?.channel);
    const made = await station.pb.collection('channels').getOne(channel);
    expect(made).toMatchObject({
      name: 'Community 15',
      slug: 'community-15',
      timeZone: 'America/New_York',
      public: true,
      number: 1,
    });
    expect(saved).not.toHaveProperty('credentials');
    expect(saved).not.toHaveProperty('showsCursor');

    // Two Cablecast channels cannot feed one Airgrid channel: their runs would overlap.
    const twice = await failure(
      saveSettings(station.pb, {
        channels: [
          { cablecast: 1, channel },
          { cablecast: 2, channel },
        ],
      }),
    );
    expect(fieldOf(twice, 'channels').message).toContain('cannot feed the same Airgrid channel');
  });

  it('imports the catalogue and the window’s runs on the grid, with their exact times', async () => {
    const sync = await syncNow();
    expect(sync).toMatchObject({ state: 'done', trigger: 'manual', error: '' });
    // 4321, 4500, 4600 and 4700; 4400 is CG exempt and no kept run needs it.
    expect(counts(sync)).toMatchObject({
      showsCreated: 4,
      showsUpdated: 0,
      timeslotsCreated: 2,
      timeslotsUpdated: 0,
      timeslotsRemoved: 0,
    });
    expect(reasonOf(sync, 'show 4400')).toContain('CG exempt');
    expect(reasonOf(sync, 'run 900004')).toContain('Filler');
    expect(reasonOf(sync, 'run 900005')).toContain('media run');
    expect(reasonOf(sync, 'run 900002')).toContain('Hidden from public listings');
    // Thumbnails come only from the Cablecast server itself.
    expect(reasonOf(sync, 'thumbnail 4321')).toContain('another server (cablecast.example.org)');

    const council = await station.pb
      .collection('shows')
      .getFirstListItem(
        `organization = "${station.organization.id}" && title = "City Council – June 1"`,
      );
    expect(council).toMatchObject({
      description: 'Regular meeting',
      category: 'Government',
      producerName: 'City Clerk',
      durationSec: 3510,
      status: 'ready',
      externalIds: { cablecast: '4321', cablecastModified: '2024-06-01T21:10:00' },
    });
    // No reels: the running time comes from `totalRunTime`.
    const library = await station.pb
      .collection('shows')
      .getFirstListItem(`organization = "${station.organization.id}" && title = "Library Talk"`);
    expect(library.durationSec).toBe(1740);

    const [first, second] = await imported();
    expect(first).toMatchObject({
      channel,
      show: council.id,
      start: '2024-06-01 23:00:00.000Z',
      durationSec: 3600,
      sourceStart: '2024-06-01 23:00:00.000Z',
      sourceDurationSec: 3510,
      cablecastId: 900001,
      locked: true,
      source: 'import',
      status: 'scheduled',
    });
    // Offset-less, read in New York (EDT): 09:00 is 13:00 UTC; three reels make 55 minutes.
    expect(second).toMatchObject({
      start: '2024-06-02 13:00:00.000Z',
      durationSec: 3600,
      sourceDurationSec: 3300,
      cablecastId: 900006,
    });
  });

  it('changes nothing when nothing changed, and reads only the shows changed since', async () => {
    const before = await imported();
    cablecast.requests.length = 0;
    const sync = await syncNow();
    expect(counts(sync)).toMatchObject({
      showsCreated: 0,
      showsUpdated: 0,
      timeslotsCreated: 0,
      timeslotsUpdated: 0,
      timeslotsRemoved: 0,
    });
    const after = await imported();
    expect(after.map(({ id, updated }) => [id, updated])).toEqual(
      before.map(({ id, updated }) => [id, updated]),
    );
    expect(cablecast.requests.some((request) => request.path === '/shows/search/advanced')).toBe(
      true,
    );
  });

  it('follows changes and deletions upstream, updating in place', async () => {
    const before = await imported();
    const show = cablecast.data.shows.find(({ id }) => id === 4500);
    if (!show) throw new Error('fixture');
    cablecast.upsertShow({
      ...show,
      cgTitle: 'Riverside Arts Hour (new season)',
      lastModified: '2024-06-01T22:00:00',
    });
    const moved = cablecast.data.scheduleItems.find(({ id }) => id === 900006);
    if (!moved) throw new Error('fixture');
    cablecast.upsertScheduleItem({ ...moved, runDateTime: '2024-06-02T10:00:00' });
    cablecast.deleteScheduleItem(900001, '2024-06-01T22:00:00');
    cablecast.upsertScheduleItem({
      ...moved,
      id: 900010,
      show: 4600,
      runDateTime: '2024-06-03T18:00:00-04:00',
    });

    const sync = await syncNow();
    expect(counts(sync)).toMatchObject({
      showsCreated: 0,
      showsUpdated: 1,
      timeslotsCreated: 1,
      timeslotsUpdated: 1,
      timeslotsRemoved: 1,
    });
    const after = await imported();
    expect(after.map(({ cablecastId }) => cablecastId)).toEqual([900006, 900010]);
    // The moved run is the same record, at its new time.
    const movedLocal = after.find(({ cablecastId }) => cablecastId === 900006);
    expect(movedLocal?.id).toBe(before.find(({ cablecastId }) => cablecastId === 900006)?.id);
    expect(movedLocal?.start).toBe('2024-06-02 14:00:00.000Z');
    const arts = await station.pb.collection('shows').getOne(String(movedLocal?.show));
    expect(arts.title).toBe('Riverside Arts Hour (new season)');
    // The cursor moved on: the next sync asks for what changed after 22:00.
    cablecast.requests.length = 0;
    await syncNow();
    const search = cablecast.requests.find(({ path }) => path === '/shows/search/advanced');
    expect(search).toBeDefined();
  });

  it('keeps imported timeslots locked against edits the next sync would undo', async () => {
    const [slot] = await imported();
    if (!slot) throw new Error('no import');
    const moved = await failure(
      station.pb.collection('timeslots').update(slot.id, { start: '2024-06-02 16:00:00.000Z' }),
    );
    expect(moved.status).toBe(400);
    expect(fieldOf(moved, 'start').code).toBe('validation_timeslot_imported');
    expect(fieldOf(moved, 'start').message).toContain('change it in Cablecast');
    const unlocked = await failure(
      station.pb.collection('timeslots').update(slot.id, { locked: false }),
    );
    expect(fieldOf(unlocked, 'locked').code).toBe('validation_timeslot_imported');
    const removed = await failure(station.pb.collection('timeslots').delete(slot.id));
    expect(removed.status).toBe(400);
    expect(removed.message).toContain('Imported from Cablecast');
    // Its note is Airgrid's own.
    const noted = await station.pb
      .collection('timeslots')
      .update(slot.id, { note: 'Live captions' });
    expect(noted.note).toBe('Live captions');
  });

  it('leaves out a run that lands on a timeslot made in Airgrid, which stays', async () => {
    const show = await createShow(station.pb, station.organization.id, { title: 'Live call-in' });
    const manual = await createTimeslot(station.pb, station.organization.id, {
      channel,
      show: show.id,
      start: '2024-06-04 23:00:00.000Z',
      durationSec: 3600,
    });
    const template = cablecast.data.scheduleItems.find(({ id }) => id === 900006);
    if (!template) throw new Error('fixture');
    cablecast.upsertScheduleItem({
      ...template,
      id: 900011,
      show: 4321,
      runDateTime: '2024-06-04T19:30:00-04:00',
    });
    const sync = await syncNow();
    expect(counts(sync)).toMatchObject({ timeslotsCreated: 0 });
    expect(reasonOf(sync, 'run 900011')).toContain('Overlaps "Live call-in"');
    expect(reasonOf(sync, 'run 900011')).toContain('the timeslot made in Airgrid stays');
    expect((await station.pb.collection('timeslots').getOne(manual.id)).start).toBe(
      '2024-06-04 23:00:00.000Z',
    );
    cablecast.data.scheduleItems = cablecast.data.scheduleItems.filter(({ id }) => id !== 900011);
  });

  it('writes nothing when the server hangs mid-sync, and tells the admins once', async () => {
    const before = await imported();
    const template = cablecast.data.scheduleItems.find(({ id }) => id === 900006);
    if (!template) throw new Error('fixture');
    cablecast.upsertScheduleItem({ ...template, id: 900012, runDateTime: '2024-06-05T09:00:00' });
    const show = cablecast.data.shows.find(({ id }) => id === 4321);
    if (!show) throw new Error('fixture');
    cablecast.upsertShow({ ...show, cgTitle: 'Renamed', lastModified: '2024-06-01T23:00:00' });
    // The catalogue reads fine; the schedule never answers.
    cablecast.hangWhen = (request) => request.path === '/scheduleitems';
    const failed = await syncNow();
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/did not answer|timed out|time/i);
    expect((await imported()).map(({ id, updated }) => [id, updated])).toEqual(
      before.map(({ id, updated }) => [id, updated]),
    );
    const council = await station.pb
      .collection('shows')
      .getFirstListItem(`organization = "${station.organization.id}" && externalIds ~ '"4321"'`);
    expect(council.title).toBe('City Council – June 1');

    // A second failure (the password changed in Cablecast) says why, without a second notice.
    cablecast.hangWhen = null;
    cablecast.override = () => ({
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: '{"message":"Authorization has been denied for this request."}',
    });
    const refused = await syncNow();
    expect(refused.state).toBe('failed');
    expect(refused.error).toMatch(/user name|password|401/i);
    const notices = await station.pb.collection('notifications').getFullList({
      filter: 'title = "The Cablecast sync failed"',
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]?.path).toBe('/integrations');
    const connection = await station.pb.send<Record<string, unknown>>('/api/v1/cablecast', {});
    expect(connection.failingSince).not.toBe('');

    // Working again: everything waiting comes in, and the streak ends.
    cablecast.override = null;
    const done = await syncNow();
    expect(done.state).toBe('done');
    expect(counts(done)).toMatchObject({ showsUpdated: 1, timeslotsCreated: 1 });
    expect(
      (await station.pb.send<Record<string, unknown>>('/api/v1/cablecast', {})).failingSince,
    ).toBe('');
  });

  it('reads offset-less times across a DST weekend in the station’s zone', async () => {
    now = Date.parse('2024-03-09T12:00:00Z');
    const sync = await syncNow();
    expect(sync.state).toBe('done');
    const march = (await imported()).filter(({ start }) => start.startsWith('2024-03'));
    const at = (run: number) => march.find(({ cablecastId }) => cablecastId === run)?.start;
    // Saturday 19:00 EST is Sunday 00:00 UTC; Sunday 19:00 EDT is 23:00 UTC.
    expect(at(900103)).toBe('2024-03-10 00:00:00.000Z');
    expect(at(900106)).toBe('2024-03-10 23:00:00.000Z');
    // 01:30 EST, and 02:30, which the clocks skipped, read as 03:30 EDT.
    expect(at(900104)).toBe('2024-03-10 06:30:00.000Z');
    expect(at(900105)).toBe('2024-03-10 07:30:00.000Z');
    // The June runs, outside this window, stay.
    expect((await imported()).some(({ start }) => start.startsWith('2024-06'))).toBe(true);
    now = Date.parse('2024-06-01T12:00:00Z');
  });

  it('runs by itself on its schedule', async () => {
    const saved = await saveSettings(station.pb, {
      channels: [
        { cablecast: 1, channel },
        { cablecast: 2, channel: '' },
      ],
      syncEveryMinutes: 15,
    });
    expect(saved.nextSyncAt).toBe('2024-06-01 12:15:00.000Z');
    now += 16 * 60_000;
    let scheduled: CablecastSyncRecord | undefined;
    for (let tries = 0; tries < 100 && !scheduled; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      scheduled = (
        await station.pb.collection('cablecastSyncs').getList<CablecastSyncRecord>(1, 1, {
          filter: 'trigger = "schedule"',
        })
      ).items[0];
    }
    expect(scheduled).toBeDefined();
    expect((await finished(station.pb, String(scheduled?.id))).state).toBe('done');
    await saveSettings(station.pb, {
      channels: [
        { cablecast: 1, channel },
        { cablecast: 2, channel: '' },
      ],
      syncEveryMinutes: 0,
    });
  });

  it('fetches thumbnails from the Cablecast server, keeping one a person chose', async () => {
    const library = cablecast.data.shows.find(({ id }) => id === 4600);
    const arts = cablecast.data.shows.find(({ id }) => id === 4500);
    if (!library || !arts) throw new Error('fixture');
    // By the Cablecast id kept on the show (read here, as JSON text differs between databases).
    const findShow = async (id: number) => {
      const all = await station.pb.collection('shows').getFullList();
      const found = all.find((show) => show.externalIds?.cablecast === String(id));
      if (!found) throw new Error(`no show for Cablecast ${id}`);
      return found;
    };
    // A person gave Arts Hour a thumbnail of their own: it stays.
    const chosen = await findShow(4500);
    const form = new FormData();
    form.append(
      'thumbnail',
      new Blob([Buffer.from(PNG, 'base64')], { type: 'image/png' }),
      'ours.png',
    );
    const ours = await station.pb.collection('shows').update(chosen.id, form);
    for (const show of [library, arts]) {
      cablecast.upsertShow({
        ...show,
        thumbnailImage: { url: `/cablecastapi/dynamicthumbnails/${show.id}` },
        lastModified: '2024-06-02T08:00:00',
      });
    }
    const sync = await syncNow();
    expect(counts(sync)).toMatchObject({ showsUpdated: 2, thumbnails: 1 });
    const fetched = await findShow(4600);
    expect(fetched.thumbnail).toMatch(/^cablecast_4600/);
    expect(fetched.externalIds.cablecastThumbnail).toBe('/cablecastapi/dynamicthumbnails/4600');
    expect((await findShow(4500)).thumbnail).toBe(ours.thumbnail);
    // Once fetched, not again.
    const again = await syncNow();
    expect(counts(again)).toMatchObject({ thumbnails: 0 });
  });

  it('is for owners and admins of the organization only', async () => {
    const editor = await createMember(server, station.organization.id, 'editor');
    const admin = await createMember(server, station.organization.id, 'admin');
    const other = await signUpOwner(server);
    const guest = client(server);
    for (const pb of [editor.pb, guest]) {
      const refused = await failure(pb.send('/api/v1/cablecast/sync', { method: 'POST' }));
      expect([401, 403]).toContain(refused.status);
      expect((await failure(saveSettings(pb, { channels: [] }))).status).toBeGreaterThanOrEqual(
        401,
      );
    }
    expect(await editor.pb.collection('cablecastSyncs').getFullList()).toEqual([]);
    // Another organization sees none of this one's runs and cannot map onto its channels.
    expect(await other.pb.collection('cablecastSyncs').getFullList()).toEqual([]);
    await other.pb.send('/api/v1/cablecast', {
      method: 'PUT',
      body: { baseUrl: cablecast.url, apiKey: 'importer:secret' },
    });
    await other.pb.send('/api/v1/cablecast/test', { method: 'POST', body: {} });
    const theirs = await failure(
      saveSettings(other.pb, { channels: [{ cablecast: 1, channel }], syncEveryMinutes: 0 }),
    );
    expect(theirs.status).toBe(400);
    expect(fieldOf(theirs, 'channels').message).toContain('not one of yours');
    // An admin runs it.
    expect((await syncNow(admin.pb)).state).toBe('done');
  });
});
