import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  createShow,
  createTimeslot,
  failure,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
let pb: PocketBase;
let organization: string;
let council: string;
let news: string;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signUpOwner(server);
  pb = owner.pb;
  organization = owner.organization.id;
  council = (await createShow(pb, organization, { title: 'Council Meeting' })).id;
  news = (await createShow(pb, organization, { title: 'Evening News' })).id;
});

afterAll(async () => {
  await server?.stop();
});

/** A channel of its own per test, so schedules never meet across tests. */
async function channel(overrides: Record<string, unknown> = {}) {
  return (
    await createChannel(pb, organization, {
      name: 'RCTV 1',
      timeZone: 'America/New_York',
      ...overrides,
    })
  ).id;
}

function slot(channelId: string, start: string, durationSec: number, extra = {}) {
  return createTimeslot(pb, organization, {
    channel: channelId,
    show: council,
    start,
    durationSec,
    ...extra,
  });
}

const OVERLAPS_COUNCIL_1900 =
  'Overlaps "Council Meeting" on RCTV 1 from 19:00 to 20:00 (America/New_York)';

describe('timeslot integrity', () => {
  it('refuses an overlap with a field error naming the show and its time in the channel zone', async () => {
    const id = await channel();
    await slot(id, '2026-11-24 00:00:00.000Z', 3600);
    const refused = await failure(
      createTimeslot(pb, organization, {
        channel: id,
        show: news,
        start: '2026-11-24 00:30:00.000Z',
      }),
    );
    expect(refused).toEqual({
      status: 400,
      message: 'Failed to create record.',
      data: { start: { code: 'validation_timeslot_overlap', message: OVERLAPS_COUNCIL_1900 } },
    });
    // One that starts earlier and runs into it, and one that contains it, are refused too.
    expect((await failure(slot(id, '2026-11-23 23:45:00.000Z', 1800))).data).toEqual(refused.data);
    expect((await failure(slot(id, '2026-11-23 23:00:00.000Z', 3 * 3600))).data).toEqual(
      refused.data,
    );
  });

  it('names a long airing that began before the new one, in summer time too', async () => {
    const id = await channel();
    await slot(id, '2026-07-01 22:00:00.000Z', 4 * 3600);
    expect((await failure(slot(id, '2026-07-02 01:00:00.000Z', 900))).data).toEqual({
      start: {
        code: 'validation_timeslot_overlap',
        message: 'Overlaps "Council Meeting" on RCTV 1 from 18:00 to 22:00 (America/New_York)',
      },
    });
  });

  it('allows adjacent timeslots and the same time on another channel', async () => {
    const id = await channel();
    await slot(id, '2026-11-24 00:00:00.000Z', 3600);
    await expect(slot(id, '2026-11-24 01:00:00.000Z', 1800)).resolves.toMatchObject({
      start: '2026-11-24 01:00:00.000Z',
    });
    await expect(slot(id, '2026-11-23 23:00:00.000Z', 3600)).resolves.toMatchObject({
      durationSec: 3600,
    });
    await expect(slot(await channel(), '2026-11-24 00:00:00.000Z', 3600)).resolves.toMatchObject({
      start: '2026-11-24 00:00:00.000Z',
      durationSec: 3600,
    });
  });

  it('ignores cancelled timeslots, and checks one that is scheduled again', async () => {
    const id = await channel();
    const cancelled = await slot(id, '2026-11-24 00:00:00.000Z', 3600, { status: 'cancelled' });
    const scheduled = await slot(id, '2026-11-24 00:00:00.000Z', 3600, { status: 'scheduled' });
    await expect(
      slot(id, '2026-11-24 00:30:00.000Z', 900, { status: 'cancelled' }),
    ).resolves.toMatchObject({ start: '2026-11-24 00:30:00.000Z', status: 'cancelled' });
    expect(
      await failure(pb.collection('timeslots').update(cancelled.id, { status: 'scheduled' })),
    ).toEqual({
      status: 400,
      message: 'Failed to update record.',
      data: { start: { code: 'validation_timeslot_overlap', message: OVERLAPS_COUNCIL_1900 } },
    });
    await pb.collection('timeslots').update(scheduled.id, { status: 'cancelled' });
    await expect(
      pb.collection('timeslots').update(cancelled.id, { status: 'scheduled' }),
    ).resolves.toMatchObject({ status: 'scheduled' });
  });

  it('refuses an update that moves, stretches or changes channel into an overlap', async () => {
    const id = await channel();
    const first = await slot(id, '2026-11-24 00:00:00.000Z', 3600);
    const second = await slot(id, '2026-11-24 02:00:00.000Z', 3600, { show: news });
    const overlapsNews = {
      start: {
        code: 'validation_timeslot_overlap',
        message: 'Overlaps "Evening News" on RCTV 1 from 21:00 to 22:00 (America/New_York)',
      },
    };
    expect(
      (await failure(pb.collection('timeslots').update(first.id, { durationSec: 3 * 3600 }))).data,
    ).toEqual(overlapsNews);
    expect(
      (
        await failure(
          pb.collection('timeslots').update(first.id, { start: '2026-11-24 01:30:00.000Z' }),
        )
      ).data,
    ).toEqual(overlapsNews);
    const elsewhere = await channel({ name: 'RCTV 2', timeZone: 'America/Chicago' });
    const moving = await slot(elsewhere, '2026-11-24 02:30:00.000Z', 900);
    expect(
      (await failure(pb.collection('timeslots').update(moving.id, { channel: id }))).data,
    ).toEqual(overlapsNews);

    // Its own old place never counts, and a change of anything else is no schedule change.
    await expect(
      pb.collection('timeslots').update(second.id, {
        start: '2026-11-24 01:45:00.000Z',
        durationSec: 3600,
      }),
    ).resolves.toMatchObject({ start: '2026-11-24 01:45:00.000Z' });
    await expect(
      pb.collection('timeslots').update(first.id, { note: 'Live from city hall' }),
    ).resolves.toMatchObject({ note: 'Live from city hall' });
  });

  it('snaps start to the 15-minute grid and duration to 15-minute steps', async () => {
    const id = await channel();
    const created = await slot(id, '2026-11-24 10:07:29.999Z', 1700);
    expect(created).toMatchObject({ start: '2026-11-24 10:00:00.000Z', durationSec: 1800 });
    const late = await slot(id, '2026-11-24 12:07:30.000Z', 100);
    expect(late).toMatchObject({ start: '2026-11-24 12:15:00.000Z', durationSec: 900 });
    const updated = await pb
      .collection('timeslots')
      .update(created.id, { start: '2026-11-24 10:52:00.000Z', durationSec: 2000 });
    expect(updated).toMatchObject({ start: '2026-11-24 10:45:00.000Z', durationSec: 1800 });
    // Snapping happens before the check: 11:20 becomes 11:15, adjacent to 10:45 + 30 min.
    await expect(slot(id, '2026-11-24 11:20:00.000Z', 900)).resolves.toMatchObject({
      start: '2026-11-24 11:15:00.000Z',
    });
  });

  it('lets exactly one of several concurrent overlapping creates win', async () => {
    const id = await channel();
    const starts = [0, 15, 30, 45, 0, 15, 30, 45].map(
      (minute) => `2026-11-25 18:${String(minute).padStart(2, '0')}:00.000Z`,
    );
    const results = await Promise.allSettled(starts.map((start) => slot(id, start, 3600)));
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect(result.reason.response).toMatchObject({
          status: 400,
          data: { start: { code: 'validation_timeslot_overlap' } },
        });
    }
    const stored = await pb.collection('timeslots').getFullList({ filter: `channel = "${id}"` });
    expect(stored).toHaveLength(1);
  });
});
