import { validateRecurrence } from '@airgrid/domain';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  createMember,
  createRecurrence,
  createShow,
  createTimeslot,
  failure,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Realtime through the official SDK needs an EventSource, as a browser has.
(globalThis as { EventSource?: unknown }).EventSource = EventSource;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let viewer: Awaited<ReturnType<typeof createMember>>;
let stranger: Awaited<ReturnType<typeof signUpOwner>>;
let organization: string;
let council: string;
let news: string;
const unsubscribers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpOwner(server);
  organization = owner.organization.id;
  stranger = await signUpOwner(server);
  viewer = await createMember(server, organization, 'viewer');
  council = (await createShow(owner.pb, organization, { title: 'Council Meeting' })).id;
  news = (await createShow(owner.pb, organization, { title: 'Evening News' })).id;
});

afterAll(async () => {
  for (const unsubscribe of unsubscribers) await unsubscribe().catch(() => {});
  await server?.stop();
});

async function post(path: string, body: unknown, pb: PocketBase = owner.pb) {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: pb.authStore.token },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function channel() {
  return (
    await createChannel(owner.pb, organization, { name: 'RCTV 1', timeZone: 'America/New_York' })
  ).id;
}

async function slot(channelId: string, start: string, durationSec = 3600, extra = {}) {
  return (
    await createTimeslot(owner.pb, organization, {
      channel: channelId,
      show: council,
      start,
      durationSec,
      ...extra,
    })
  ).id;
}

/** The channel's schedule as [id, start, durationSec], in start order. */
async function schedule(channelId: string) {
  const items = await owner.pb
    .collection('timeslots')
    .getFullList({ filter: `channel = "${channelId}"`, sort: 'start' });
  return items.map((item) => [item.id, item.start, item.durationSec]);
}

const at = (time: string) => `2026-06-01 ${time}:00.000Z`;

describe('POST /api/v1/schedule/move', () => {
  it('pushes the neighbours a move runs into, in one write, and tells subscribers', async () => {
    const id = await channel();
    const [a, b, c, d] = [
      await slot(id, at('00:00')),
      await slot(id, at('01:00')),
      await slot(id, at('02:00')),
      await slot(id, at('04:00')),
    ];
    await server.app.realtimeSettled();
    const events: RecordSubscription<Record<string, unknown>>[] = [];
    unsubscribers.push(
      await owner.pb.collection('timeslots').subscribe('*', (event) => events.push(event)),
    );

    const moved = await post('/api/v1/schedule/move', {
      timeslot: a,
      start: '2026-06-01T00:30:00Z',
      mode: 'push',
    });
    expect(moved.status).toBe(200);
    const changed = moved.body.changed as Record<string, unknown>[];
    expect(changed.map((record) => [record.id, record.start])).toEqual([
      [a, at('00:30')],
      [b, at('01:30')],
      [c, at('02:30')],
    ]);
    // Where they were, so the app can undo the move.
    expect(moved.body.previous).toEqual([
      { id: a, start: at('00:00'), durationSec: 3600 },
      { id: b, start: at('01:00'), durationSec: 3600 },
      { id: c, start: at('02:00'), durationSec: 3600 },
    ]);
    // The hour's gap before d absorbs the push.
    expect(await schedule(id)).toEqual([
      [a, at('00:30'), 3600],
      [b, at('01:30'), 3600],
      [c, at('02:30'), 3600],
      [d, at('04:00'), 3600],
    ]);
    // Written from the latest back, so no step of the push ever overlaps.
    await server.app.realtimeSettled();
    await expect
      .poll(() => events.map((event) => [event.action, event.record.id, event.record.start]))
      .toEqual([
        ['update', c, at('02:30')],
        ['update', b, at('01:30')],
        ['update', a, at('00:30')],
      ]);
  });

  it('refuses in no-overlap mode, naming the timeslot in the way, and changes nothing', async () => {
    const id = await channel();
    const a = await slot(id, at('00:00'));
    const b = await slot(id, at('01:00'));
    const before = await schedule(id);
    const refused = await post('/api/v1/schedule/move', {
      timeslot: a,
      start: '2026-06-01T00:30:00Z',
      mode: 'no-overlap',
    });
    const message = 'Overlaps "Council Meeting" on RCTV 1 from 21:00 to 22:00 (America/New_York)';
    expect(refused).toEqual({
      status: 400,
      body: {
        status: 400,
        message: `${message}.`,
        data: {
          start: { code: 'validation_timeslot_overlap', message, params: { timeslot: b } },
        },
      },
    });
    expect(await schedule(id)).toEqual(before);
  });

  it('refuses a push that would move a locked timeslot', async () => {
    const id = await channel();
    const a = await slot(id, at('00:00'));
    const b = await slot(id, at('01:00'), 3600, { locked: true });
    const refused = await post('/api/v1/schedule/move', {
      timeslot: a,
      start: '2026-06-01T00:15:00Z',
      mode: 'push',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({
      start: {
        code: 'validation_timeslot_locked',
        message:
          '"Council Meeting" on RCTV 1 from 21:00 to 22:00 (America/New_York) is locked and would have to move: unlock it or make room another way',
        params: { timeslot: b },
      },
    });
    expect((await schedule(id)).map((row) => row[1])).toEqual([at('00:00'), at('01:00')]);
  });

  it('resizes an edge, snapped to 15 minutes, pushing the next timeslot', async () => {
    const id = await channel();
    const a = await slot(id, at('00:00'));
    const b = await slot(id, at('01:00'));
    const resized = await post('/api/v1/schedule/move', {
      timeslot: a,
      edge: 'end',
      end: '2026-06-01T01:40:00Z',
      mode: 'push',
    });
    expect(resized.status).toBe(200);
    expect(await schedule(id)).toEqual([
      [a, at('00:00'), 6300],
      [b, at('01:45'), 3600],
    ]);
    // Pulling the start edge later shrinks it and pushes nothing.
    const shrunk = await post('/api/v1/schedule/move', {
      timeslot: a,
      edge: 'start',
      start: '2026-06-01T00:30:00Z',
      mode: 'no-overlap',
    });
    expect((shrunk.body.changed as Record<string, unknown>[]).map((r) => r.id)).toEqual([a]);
    expect((await schedule(id))[0]).toEqual([a, at('00:30'), 4500]);
  });

  it('is for editors and above of the timeslot’s organization', async () => {
    const id = await channel();
    const a = await slot(id, at('00:00'));
    const body = { timeslot: a, start: '2026-06-01T03:00:00Z', mode: 'push' };
    expect(await post('/api/v1/schedule/move', body, viewer.pb)).toMatchObject({
      status: 403,
      body: {
        message: 'Only editors, admins and owners of the organization can change the schedule.',
      },
    });
    expect((await post('/api/v1/schedule/move', body, stranger.pb)).status).toBe(404);
    expect((await schedule(id))[0]?.[1]).toBe(at('00:00'));
  });

  it('says what is wrong with the body', async () => {
    const refused = await post('/api/v1/schedule/move', { mode: 'sideways', start: 'tomorrow' });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({
      timeslot: { code: 'validation_required', message: 'Cannot be blank.' },
      mode: { code: 'validation_invalid_value', message: 'Must be "push" or "no-overlap".' },
      start: {
        code: 'validation_invalid_datetime',
        message: 'Must be an instant with its zone, e.g. 2026-03-10T23:00:00Z.',
      },
    });
  });
});

describe('POST /api/v1/schedule/recurrences/:id/expand', () => {
  async function weekly(channelId: string, extra: Record<string, unknown> = {}) {
    return (
      await createRecurrence(owner.pb, organization, {
        channel: channelId,
        show: council,
        rrule: 'FREQ=WEEKLY;BYDAY=TU',
        timeZone: 'America/New_York',
        startLocal: '2026-03-03T19:00',
        ...extra,
      })
    ).id;
  }
  const MARCH = { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' };

  it('creates a month of instances at 19:00 local across the DST change, with overrides, once', async () => {
    const id = await channel();
    const recurrence = await weekly(id, {
      exceptions: {
        '2026-03-17T19:00': { cancelled: true },
        '2026-03-24T19:00': { startLocal: '2026-03-24T20:00' },
        '2026-03-31T19:00': { show: news },
      },
    });
    const path = `/api/v1/schedule/recurrences/${recurrence}/expand`;
    const first = await post(path, MARCH);
    expect(first.status).toBe(200);
    const created = first.body.created as Record<string, unknown>[];
    expect(created.map((record) => [record.start, record.show])).toEqual([
      ['2026-03-04 00:00:00.000Z', council], // 19:00 EST
      ['2026-03-10 23:00:00.000Z', council], // 19:00 EDT, after 8 March
      ['2026-03-25 00:00:00.000Z', council], // moved to 20:00 EDT; 17 March cancelled
      ['2026-03-31 23:00:00.000Z', news], // replaced show
    ]);
    expect(created[0]).toMatchObject({
      recurrence,
      source: 'recurrence',
      status: 'scheduled',
      channel: id,
      durationSec: 3600,
    });
    expect(first.body.skipped).toBe(0);

    const again = await post(path, MARCH);
    expect(again).toEqual({ status: 200, body: { created: [], skipped: 4 } });
    expect(await schedule(id)).toHaveLength(4);
  });

  it('keeps per-instance edits: a moved, re-shown, cancelled or deleted instance stays so', async () => {
    const id = await channel();
    const recurrence = await weekly(id);
    const path = `/api/v1/schedule/recurrences/${recurrence}/expand`;
    const created = (await post(path, MARCH)).body.created as Record<string, unknown>[];
    expect(created.map((record) => record.occurrence)).toEqual([
      '2026-03-03T19:00',
      '2026-03-10T19:00',
      '2026-03-17T19:00',
      '2026-03-24T19:00',
      '2026-03-31T19:00',
    ]);
    const [first, second, third, fourth, fifth] = created.map((record) => String(record.id));
    await server.app.realtimeSettled();
    const recurrenceEvents: RecordSubscription<Record<string, unknown>>[] = [];
    unsubscribers.push(
      await owner.pb
        .collection('recurrences')
        .subscribe(recurrence, (event) => recurrenceEvents.push(event)),
    );

    // Moved an hour later and made 30 minutes longer, through the timeline's move.
    expect(
      (
        await post('/api/v1/schedule/move', {
          timeslot: first,
          start: '2026-03-04T01:00:00Z',
          mode: 'push',
        })
      ).status,
    ).toBe(200);
    await owner.pb.collection('timeslots').update(String(first), { durationSec: 5400 });
    await owner.pb.collection('timeslots').update(String(second), { show: news });
    await owner.pb.collection('timeslots').update(String(third), { status: 'cancelled' });
    await owner.pb.collection('timeslots').delete(String(fourth));
    // Moved to another channel: it leaves the recurrence and becomes a one-off there.
    const other = await channel();
    const left = await owner.pb.collection('timeslots').update(String(fifth), { channel: other });
    expect(left).toMatchObject({ recurrence: '', occurrence: '' });

    const saved = await owner.pb.collection('recurrences').getOne(recurrence);
    // Each instance change rewrote the rule's exceptions, and its subscribers were told.
    await server.app.realtimeSettled();
    await expect.poll(() => recurrenceEvents.at(-1)?.record.exceptions).toEqual(saved.exceptions);
    expect(recurrenceEvents.filter((event) => event.action !== 'update')).toEqual([]);
    expect(recurrenceEvents.length).toBeGreaterThanOrEqual(5);
    expect(saved.exceptions).toEqual({
      '2026-03-03T19:00': { startLocal: '2026-03-03T20:00', durationSec: 5400 },
      '2026-03-10T19:00': { show: news },
      '2026-03-17T19:00': { cancelled: true },
      '2026-03-24T19:00': { cancelled: true },
      '2026-03-31T19:00': { cancelled: true },
    });
    const again = await post(path, MARCH);
    expect(again.body).toEqual({ created: [], skipped: 2 });
    expect((await schedule(id)).map(([, start, duration]) => [start, duration])).toEqual([
      ['2026-03-04 01:00:00.000Z', 5400],
      ['2026-03-10 23:00:00.000Z', 3600],
      ['2026-03-17 23:00:00.000Z', 3600],
    ]);

    // Moved back to its place, the instance needs no exception any more.
    await owner.pb.collection('timeslots').update(String(second), { show: council });
    expect(
      (await owner.pb.collection('recurrences').getOne(recurrence)).exceptions,
    ).not.toHaveProperty('2026-03-10T19:00');
  });

  it('creates nothing and lists every collision when instances meet the schedule', async () => {
    const id = await channel();
    const recurrence = await weekly(id);
    const blockers = [
      await slot(id, '2026-03-10 23:30:00.000Z', 3600, { show: news }),
      await slot(id, '2026-03-24 22:30:00.000Z', 3600, { show: news }),
    ];
    const refused = await post(`/api/v1/schedule/recurrences/${recurrence}/expand`, MARCH);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      '2 instances collide with timeslots already on RCTV 1: nothing was created.',
    );
    expect(refused.body.data).toEqual({
      collisions: [
        {
          start: '2026-03-10 23:00:00.000Z',
          key: '2026-03-10T19:00',
          title: 'Evening News',
          timeslot: blockers[0],
          message: 'Overlaps "Evening News" on RCTV 1 from 19:30 to 20:30 (America/New_York)',
        },
        {
          start: '2026-03-24 23:00:00.000Z',
          key: '2026-03-24T19:00',
          title: 'Evening News',
          timeslot: blockers[1],
          message: 'Overlaps "Evening News" on RCTV 1 from 18:30 to 19:30 (America/New_York)',
        },
      ],
    });
    expect(await schedule(id)).toHaveLength(2);
  });

  it('is refused to viewers and hidden from other organizations', async () => {
    const recurrence = await weekly(await channel());
    const path = `/api/v1/schedule/recurrences/${recurrence}/expand`;
    expect((await post(path, MARCH, viewer.pb)).status).toBe(403);
    expect((await post(path, MARCH, stranger.pb)).status).toBe(404);
  });

  it('refuses a window longer than a year', async () => {
    const recurrence = await weekly(await channel());
    const refused = await post(`/api/v1/schedule/recurrences/${recurrence}/expand`, {
      from: '2026-01-01T00:00:00Z',
      to: '2027-01-03T00:00:00Z',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({
      to: {
        code: 'validation_invalid_range',
        message:
          'The window can be at most a year (366 days): expand a long series a year at a time.',
      },
    });
  });
});

describe('recurrence validation', () => {
  it('returns the domain’s message for an unsupported rule as a field error', async () => {
    const fields = {
      rrule: 'FREQ=DAILY;BYHOUR=9',
      timeZone: 'America/New_York',
      startLocal: '2026-03-03T19:00',
      durationSec: 3600,
    };
    const expected = validateRecurrence(fields).rrule;
    expect(expected).toMatch(/^BYHOUR is not supported/);
    const refused = await failure(
      createRecurrence(owner.pb, organization, {
        channel: await channel(),
        show: council,
        ...fields,
      }),
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { rrule: { code: 'validation_invalid_recurrence', message: expected } },
    });
  });

  it('checks exceptions against the rule on update', async () => {
    const id = (
      await createRecurrence(owner.pb, organization, {
        channel: await channel(),
        show: council,
        rrule: 'FREQ=WEEKLY;BYDAY=TU',
        timeZone: 'America/New_York',
        startLocal: '2026-03-03T19:00',
      })
    ).id;
    const refused = await failure(
      owner.pb
        .collection('recurrences')
        .update(id, { exceptions: { '2026-03-04T19:00': { cancelled: true } } }),
    );
    expect(refused.data).toEqual({
      exceptions: {
        code: 'validation_invalid_recurrence',
        message: 'Exception 2026-03-04T19:00 is not an instance of this recurrence',
      },
    });
  });
});
