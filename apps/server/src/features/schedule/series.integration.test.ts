import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  createMember,
  createRecurrence,
  createShow,
  createTimeslot,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Series edits and deletes from one airing: "this and following" and "the whole series".

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let editor: Awaited<ReturnType<typeof createMember>>;
let viewer: Awaited<ReturnType<typeof createMember>>;
let stranger: Awaited<ReturnType<typeof signUpOwner>>;
let organization: string;
let council: string;
let news: string;
let strangerShow: string;
/** The server's "now": 12 March 2026, between the second and third Tuesday airings. */
const now = Date.parse('2026-03-12T12:00:00Z');

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  owner = await signUpOwner(server);
  organization = owner.organization.id;
  stranger = await signUpOwner(server);
  editor = await createMember(server, organization, 'editor');
  viewer = await createMember(server, organization, 'viewer');
  council = (await createShow(owner.pb, organization, { title: 'Council Meeting' })).id;
  news = (await createShow(owner.pb, organization, { title: 'Evening News' })).id;
  strangerShow = (await createShow(stranger.pb, stranger.organization.id, { title: 'Secret Show' }))
    .id;
});

afterAll(async () => {
  await server?.stop();
});

async function post(path: string, body: unknown, pb: PocketBase | null = owner.pb) {
  const response = await server.fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(pb ? { Authorization: pb.authStore.token } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function channel(name = 'RCTV 1', timeZone = 'America/New_York') {
  return (await createChannel(owner.pb, organization, { name, timeZone })).id;
}

const MARCH = { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' };

/** Weekly on Tuesdays at 19:00 New York from 3 March 2026, made for March (5 airings). */
async function weeklySeries(channelId: string, extra: Record<string, unknown> = {}) {
  const id = (
    await createRecurrence(owner.pb, organization, {
      channel: channelId,
      show: council,
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
      timeZone: 'America/New_York',
      startLocal: '2026-03-03T19:00',
      ...extra,
    })
  ).id;
  const made = await post(`/api/v1/schedule/recurrences/${id}/expand`, MARCH);
  expect(made.status).toBe(200);
  return id;
}

/** The channel's timeslots as [occurrence, start, durationSec, show, status], in start order. */
async function airings(channelId: string) {
  const items = await owner.pb
    .collection('timeslots')
    .getFullList({ filter: `channel = "${channelId}"`, sort: 'start' });
  return items.map((item) => [
    item.occurrence,
    item.start,
    item.durationSec,
    item.show === council ? 'council' : item.show === news ? 'news' : item.show,
    item.status,
  ]);
}

const edit = (id: string, body: unknown, pb: PocketBase | null = owner.pb) =>
  post(`/api/v1/schedule/recurrences/${id}/edit`, body, pb);
const remove = (id: string, body: unknown, pb: PocketBase | null = owner.pb) =>
  post(`/api/v1/schedule/recurrences/${id}/delete`, body, pb);

describe('POST /api/v1/schedule/recurrences/:id/edit', () => {
  it('moves this airing and the following ones to a new time, splitting the series there', async () => {
    const id = await channel();
    const recurrence = await weeklySeries(id);
    const before = await owner.pb
      .collection('timeslots')
      .getFullList({ filter: `recurrence = "${recurrence}"`, sort: 'start' });

    const edited = await edit(recurrence, {
      scope: 'following',
      occurrence: '2026-03-17T19:00',
      changes: { time: '20:30', durationSec: 5400 },
    });
    expect(edited).toEqual({ status: 200, body: { updated: 3, created: 0, removed: 0 } });
    expect(await airings(id)).toEqual([
      ['2026-03-03T19:00', '2026-03-04 00:00:00.000Z', 3600, 'council', 'scheduled'],
      ['2026-03-10T19:00', '2026-03-10 23:00:00.000Z', 3600, 'council', 'scheduled'],
      ['2026-03-17T20:30', '2026-03-18 00:30:00.000Z', 5400, 'council', 'scheduled'],
      ['2026-03-24T20:30', '2026-03-25 00:30:00.000Z', 5400, 'council', 'scheduled'],
      ['2026-03-31T20:30', '2026-04-01 00:30:00.000Z', 5400, 'council', 'scheduled'],
    ]);
    // The same timeslots (ids, and so notes and history) moved; none was made anew.
    const after = await owner.pb
      .collection('timeslots')
      .getFullList({ filter: `channel = "${id}"`, sort: 'start' });
    expect(after.map((item) => item.id)).toEqual(before.map((item) => item.id));

    // The old series ends at the airing before; the new one starts at the chosen airing.
    const old = await owner.pb.collection('recurrences').getOne(recurrence);
    expect(old.rrule).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20260310T230000Z');
    const fresh = await owner.pb.collection('recurrences').getOne(String(after[2]?.recurrence));
    expect(fresh).toMatchObject({
      channel: id,
      show: council,
      startLocal: '2026-03-17T20:30',
      durationSec: 5400,
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
    });
    expect(after.slice(2).every((item) => item.recurrence === fresh.id)).toBe(true);
    // Expanding the new series again finds every airing already made (31 March at 20:30 is
    // 1 April in UTC, so the window reaches to 2 April).
    const again = await post(`/api/v1/schedule/recurrences/${fresh.id}/expand`, {
      ...MARCH,
      to: '2026-04-02T00:00:00Z',
    });
    expect(again.body).toEqual({ created: [], skipped: 3 });
  });

  it('changes the whole series from the first airing not yet aired, keeping one-by-one edits', async () => {
    const id = await channel();
    const recurrence = await weeklySeries(id);
    const made = await owner.pb
      .collection('timeslots')
      .getFullList({ filter: `recurrence = "${recurrence}"`, sort: 'start' });
    // The 24 March airing was moved half an hour later by hand; 31 March was cancelled.
    await owner.pb.collection('timeslots').update(String(made[3]?.id), {
      start: '2026-03-24 23:30:00.000Z',
    });
    await owner.pb.collection('timeslots').update(String(made[4]?.id), { status: 'cancelled' });

    const edited = await edit(
      recurrence,
      { scope: 'series', occurrence: '2026-03-03T19:00', changes: { show: news, note: 'Live' } },
      editor.pb,
    );
    expect(edited).toEqual({ status: 200, body: { updated: 3, created: 0, removed: 0 } });
    expect(await airings(id)).toEqual([
      // Aired before "now" (12 March): as they aired.
      ['2026-03-03T19:00', '2026-03-04 00:00:00.000Z', 3600, 'council', 'scheduled'],
      ['2026-03-10T19:00', '2026-03-10 23:00:00.000Z', 3600, 'council', 'scheduled'],
      ['2026-03-17T19:00', '2026-03-17 23:00:00.000Z', 3600, 'news', 'scheduled'],
      // Moved by hand: it stays moved and takes the new show.
      ['2026-03-24T19:00', '2026-03-24 23:30:00.000Z', 3600, 'news', 'scheduled'],
      ['2026-03-31T19:00', '2026-03-31 23:00:00.000Z', 3600, 'news', 'cancelled'],
    ]);
    const notes = await owner.pb
      .collection('timeslots')
      .getFullList({ filter: `channel = "${id}" && note = "Live"` });
    expect(notes).toHaveLength(3);
    const fresh = await owner.pb.collection('recurrences').getOne(String(notes[0]?.recurrence));
    expect(fresh.exceptions).toEqual({
      '2026-03-24T19:00': { startLocal: '2026-03-24T19:30' },
      '2026-03-31T19:00': { cancelled: true },
    });
  });

  it('changes a series in place when none of it has aired, adding and removing airings for a new rule', async () => {
    const id = await channel();
    const recurrence = await weeklySeries(id, { startLocal: '2026-03-17T19:00' });
    expect(await airings(id)).toHaveLength(3);
    const edited = await edit(recurrence, {
      scope: 'series',
      occurrence: '2026-03-17T19:00',
      changes: { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH' },
    });
    // 17, 24, 31 March stay; 19 and 26 March are new (2 April is past what had been made).
    expect(edited).toEqual({ status: 200, body: { updated: 3, created: 2, removed: 0 } });
    expect((await airings(id)).map(([key]) => key)).toEqual([
      '2026-03-17T19:00',
      '2026-03-19T19:00',
      '2026-03-24T19:00',
      '2026-03-26T19:00',
      '2026-03-31T19:00',
    ]);
    const same = await owner.pb.collection('recurrences').getOne(recurrence);
    expect(same.rrule).toBe('FREQ=WEEKLY;BYDAY=TU,TH');
  });

  it('refuses a change that lands on another timeslot, naming it, and changes nothing', async () => {
    const id = await channel();
    const recurrence = await weeklySeries(id);
    const blocker = (
      await createTimeslot(owner.pb, organization, {
        channel: id,
        show: news,
        start: '2026-03-25 00:00:00.000Z',
        durationSec: 3600,
      })
    ).id;
    const before = await airings(id);
    const refused = await edit(recurrence, {
      scope: 'following',
      occurrence: '2026-03-17T19:00',
      changes: { time: '20:00' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'One airing collides with timeslots already on RCTV 1: nothing was changed.',
    );
    expect(refused.body.data).toEqual({
      collisions: [
        {
          start: '2026-03-25 00:00:00.000Z',
          key: '2026-03-24T20:00',
          title: 'Evening News',
          timeslot: blocker,
          message: 'Overlaps "Evening News" on RCTV 1 from 20:00 to 21:00 (America/New_York)',
        },
      ],
    });
    expect(await airings(id)).toEqual(before);
  });

  it('moves the series to another channel of the organization, on that channel’s clock', async () => {
    const id = await channel();
    const other = await channel('RCTV 2', 'America/Chicago');
    const recurrence = await weeklySeries(id);
    const edited = await edit(recurrence, {
      scope: 'following',
      occurrence: '2026-03-24T19:00',
      changes: { channel: other },
    });
    expect(edited.body).toEqual({ updated: 2, created: 0, removed: 0 });
    expect((await airings(id)).map(([key]) => key)).toEqual([
      '2026-03-03T19:00',
      '2026-03-10T19:00',
      '2026-03-17T19:00',
    ]);
    // 19:00 in Chicago is 20:00 in New York.
    expect((await airings(other)).map(([key, start]) => [key, start])).toEqual([
      ['2026-03-24T19:00', '2026-03-25 00:00:00.000Z'],
      ['2026-03-31T19:00', '2026-04-01 00:00:00.000Z'],
    ]);
  });

  it('says what is wrong with the body', async () => {
    const recurrence = await weeklySeries(await channel());
    const bad = await edit(recurrence, {
      scope: 'this',
      changes: { time: '19:10', durationSec: 100, color: 'red' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data as object).sort()).toEqual([
      'color',
      'durationSec',
      'scope',
      'time',
    ]);
    const nothing = await edit(recurrence, { scope: 'series', changes: {} });
    expect(nothing.status).toBe(400);
    expect((nothing.body.data as Record<string, { message: string }>).changes?.message).toMatch(
      /Nothing to change/,
    );
    const notAnAiring = await edit(recurrence, {
      scope: 'following',
      occurrence: '2026-03-18T19:00',
      changes: { time: '20:00' },
    });
    expect(notAnAiring.status).toBe(400);
    expect((notAnAiring.body.data as Record<string, { message: string }>).occurrence?.message).toBe(
      '2026-03-18T19:00 is not an airing of this recurrence: give the occurrence of one of its airings',
    );
    const badRule = await edit(recurrence, {
      scope: 'series',
      changes: { rrule: 'FREQ=HOURLY' },
    });
    expect(badRule.status).toBe(400);
    expect(JSON.stringify(badRule.body)).toMatch(/HOURLY|FREQ/);
  });

  it('keeps to the organization: others and guests get 404, viewers 403, foreign ids 400', async () => {
    const id = await channel();
    const recurrence = await weeklySeries(id);
    const body = { scope: 'series', changes: { time: '20:00' } };
    expect((await edit(recurrence, body, stranger.pb)).status).toBe(404);
    expect((await edit(recurrence, body, viewer.pb)).status).toBe(403);
    expect((await edit(recurrence, body, null)).status).toBe(404);
    const foreignShow = await edit(recurrence, {
      scope: 'series',
      changes: { show: strangerShow },
    });
    expect(foreignShow.status).toBe(400);
    expect(JSON.stringify(foreignShow.body)).not.toContain('Secret Show');
    const foreignChannel = (
      await createChannel(stranger.pb, stranger.organization.id, { name: 'Theirs' })
    ).id;
    const moved = await edit(recurrence, { scope: 'series', changes: { channel: foreignChannel } });
    expect(moved.status).toBe(400);
    expect(moved.body.data).toEqual({
      channel: {
        code: 'validation_invalid_value',
        message: 'No channel of your organization has this id.',
      },
    });
    // A stranger's timeslot at the new time is on their own channel: no collision, no leak.
    expect((await edit(recurrence, body)).status).toBe(200);
  });
});

describe('POST /api/v1/schedule/recurrences/:id/delete', () => {
  it('ends the series before this airing and removes the following ones', async () => {
    const id = await channel();
    const recurrence = await weeklySeries(id);
    const removed = await remove(recurrence, {
      scope: 'following',
      occurrence: '2026-03-24T19:00',
    });
    expect(removed).toEqual({ status: 200, body: { updated: 0, created: 0, removed: 2 } });
    expect((await airings(id)).map(([key]) => key)).toEqual([
      '2026-03-03T19:00',
      '2026-03-10T19:00',
      '2026-03-17T19:00',
    ]);
    const ended = await owner.pb.collection('recurrences').getOne(recurrence);
    expect(ended.until).toBe('2026-03-17 23:00:00.000Z');
    const again = await post(`/api/v1/schedule/recurrences/${recurrence}/expand`, MARCH);
    expect(again.body).toEqual({ created: [], skipped: 3 });
  });

  it('ends the series from a date: the first airing on or after it', async () => {
    const id = await channel();
    const recurrence = await weeklySeries(id);
    const removed = await remove(recurrence, { scope: 'following', occurrence: '2026-03-20' });
    expect(removed.body).toEqual({ updated: 0, created: 0, removed: 2 });
    const none = await remove(recurrence, { scope: 'following', occurrence: '2027-01-01' });
    expect(none.status).toBe(400);
    expect((none.body.data as Record<string, { message: string }>).occurrence?.message).toBe(
      'This series has no airing on or after 2027-01-01.',
    );
  });

  it('removes the whole series and its airings still to come, keeping those that aired', async () => {
    const id = await channel();
    const recurrence = await weeklySeries(id);
    const removed = await remove(recurrence, { scope: 'series', occurrence: '2026-03-03T19:00' });
    expect(removed.body).toEqual({ updated: 0, created: 0, removed: 3 });
    expect((await airings(id)).map(([key]) => key)).toEqual([
      '2026-03-03T19:00',
      '2026-03-10T19:00',
    ]);
    expect(
      (await owner.pb.collection('recurrences').getList(1, 1, { filter: `id = "${recurrence}"` }))
        .totalItems,
    ).toBe(0);
  });

  it('keeps to the organization and reads the body', async () => {
    const recurrence = await weeklySeries(await channel());
    const body = { scope: 'series' };
    expect((await remove(recurrence, body, stranger.pb)).status).toBe(404);
    expect((await remove(recurrence, body, viewer.pb)).status).toBe(403);
    expect((await remove(recurrence, body, null)).status).toBe(404);
    const bad = await remove(recurrence, { scope: 'following' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data as object)).toEqual(['occurrence']);
    expect((await owner.pb.collection('recurrences').getOne(recurrence)).id).toBe(recurrence);
  });
});
