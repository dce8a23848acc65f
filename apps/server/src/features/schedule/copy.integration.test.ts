import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  createMember,
  createShow,
  createTimeslot,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Copying a day or a week of the schedule to other dates: collisions first, then all or none.

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let viewer: Awaited<ReturnType<typeof createMember>>;
let stranger: Awaited<ReturnType<typeof signUpOwner>>;
let organization: string;
let council: string;
let news: string;

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
  await server?.stop();
});

async function copy(body: unknown, pb: PocketBase | null = owner.pb) {
  const response = await server.fetch('/api/v1/schedule/copy', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(pb ? { Authorization: pb.authStore.token } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function channel(name: string, pb = owner.pb, org = organization) {
  return (await createChannel(pb, org, { name, timeZone: 'America/New_York' })).id;
}

async function slot(channelId: string, start: string, show = council, durationSec = 3600) {
  return (
    await createTimeslot(owner.pb, organization, { channel: channelId, show, start, durationSec })
  ).id;
}

async function starts(channelId: string) {
  const items = await owner.pb
    .collection('timeslots')
    .getFullList({ filter: `channel = "${channelId}"`, sort: 'start' });
  return items.map((item) => item.start);
}

describe('POST /api/v1/schedule/copy', () => {
  it('copies a week to the next one on the channel’s clock, across the DST change', async () => {
    const id = await channel('Copy A');
    // The week of 2 March 2026 (EST); the week after 8 March is EDT: 19:00 stays 19:00.
    await slot(id, '2026-03-03 00:00:00.000Z'); // Mon 2 March 19:00 EST
    await slot(id, '2026-03-06 15:00:00.000Z', news); // Fri 6 March 10:00 EST
    const body = { from: '2026-03-02', to: '2026-03-08', channels: [id], targets: ['2026-03-09'] };
    const dry = await copy({ ...body, dryRun: true });
    expect(dry).toEqual({
      status: 200,
      body: { dryRun: true, copies: 2, created: 0, skipped: 0, collisions: [] },
    });
    expect(await starts(id)).toHaveLength(2);
    const done = await copy(body);
    expect(done.body).toMatchObject({ dryRun: false, copies: 2, created: 2 });
    expect(await starts(id)).toEqual([
      '2026-03-03 00:00:00.000Z',
      '2026-03-06 15:00:00.000Z',
      '2026-03-09 23:00:00.000Z', // Mon 9 March 19:00 EDT
      '2026-03-13 14:00:00.000Z', // Fri 13 March 10:00 EDT
    ]);
  });

  it('lists each collision with the show in the way, writes nothing, then skips them if asked', async () => {
    const id = await channel('Copy B');
    await slot(id, '2026-04-06 23:00:00.000Z');
    await slot(id, '2026-04-07 23:00:00.000Z');
    const blocker = await slot(id, '2026-04-13 23:30:00.000Z', news);
    const body = { from: '2026-04-06', to: '2026-04-12', targets: ['2026-04-13', '2026-04-20'] };
    const dry = await copy({ ...body, dryRun: true });
    expect(dry.body).toMatchObject({
      dryRun: true,
      copies: 3,
      collisions: [
        {
          channel: id,
          channelName: 'Copy B',
          target: '2026-04-13',
          title: 'Council Meeting',
          start: '2026-04-13 23:00:00.000Z',
          timeslot: blocker,
          blocking: 'Evening News',
          message:
            'Council Meeting copied to 2026-04-13 19:00: Overlaps "Evening News" on Copy B from 19:30 to 20:30 (America/New_York)',
        },
      ],
    });
    const refused = await copy(body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'One copied airing collides with the schedule: nothing was copied.',
    );
    expect(await starts(id)).toHaveLength(3);
    const skipped = await copy({ ...body, skipCollisions: true });
    expect(skipped.body).toMatchObject({ created: 3, skipped: 1 });
    expect(await starts(id)).toHaveLength(6);
  });

  it('says what is wrong and keeps within its limits', async () => {
    const errorsOf = async (body: unknown) => {
      const answer = await copy(body);
      expect(answer.status).toBe(400);
      return answer.body.data as Record<string, { message: string }>;
    };
    expect(Object.keys(await errorsOf({ from: '2026-02-30', targets: [] })).sort()).toEqual([
      'from',
      'targets',
      'to',
    ]);
    expect(
      (await errorsOf({ from: '2026-03-01', to: '2026-03-20', targets: ['2026-04-01'] })).to
        ?.message,
    ).toBe('Copy at most 14 days at a time: a day or a week, say.');
    expect(
      (await errorsOf({ from: '2026-03-02', to: '2026-03-08', targets: ['2026-03-05'] })).targets
        ?.message,
    ).toBe('A copy cannot overlap the days it copies: choose dates after (or before) them.');
    expect(
      (
        await errorsOf({
          from: '2026-03-02',
          to: '2026-03-08',
          targets: ['2026-03-09', '2026-03-12'],
        })
      ).targets?.message,
    ).toBe('The copies would overlap each other: start them at least 7 days apart.');
    const many = Array.from(
      { length: 54 },
      (_, i) => `2027-01-${String((i % 28) + 1).padStart(2, '0')}`,
    );
    expect((await errorsOf({ from: '2026-03-02', targets: many })).targets?.message).toBe(
      'Copy to at most 53 dates at a time.',
    );
  });

  it('keeps to the organization: foreign channels 400 without names, viewers and guests 403', async () => {
    const theirs = await channel('Their Secret Channel', stranger.pb, stranger.organization.id);
    const body = { from: '2026-05-04', targets: ['2026-05-05'] };
    const foreign = await copy({ ...body, channels: [theirs] });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).not.toContain('Their Secret Channel');
    expect((await copy(body, viewer.pb)).status).toBe(403);
    expect((await copy(body, null)).status).toBe(403);
    expect((await copy({ ...body, organization: stranger.organization.id })).status).toBe(403);
    // The stranger's own copy sees only their schedule, never ours.
    const mine = await channel('Copy C');
    await slot(mine, '2026-05-04 23:00:00.000Z');
    const theirsCopy = await copy({ ...body, dryRun: true }, stranger.pb);
    expect(theirsCopy.body).toMatchObject({ copies: 0, collisions: [] });
  });
});
