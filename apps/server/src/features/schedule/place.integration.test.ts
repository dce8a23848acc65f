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

async function place(body: Record<string, unknown>, pb: PocketBase = owner.pb) {
  const response = await server.fetch('/api/v1/schedule/place', {
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

/** The channel's scheduled timeslots as [show, start, durationSec], in start order. */
async function schedule(channelId: string) {
  const items = await owner.pb
    .collection('timeslots')
    .getFullList({ filter: `channel = "${channelId}" && status != "cancelled"`, sort: 'start' });
  return items.map((item) => [item.id, item.start, item.durationSec]);
}

const at = (time: string) => `2026-06-01 ${time}:00.000Z`;

describe('POST /api/v1/schedule/place', () => {
  it('in push mode, moves the timeslot it lands on and the later neighbours only as far as needed', async () => {
    const id = await channel();
    const a = await slot(id, at('01:00'));
    const b = await slot(id, at('02:00'));
    const c = await slot(id, at('04:00'));
    const placed = await place({
      mode: 'push',
      channel: id,
      show: news,
      start: '2026-06-01T01:00:00Z',
      durationSec: 1800,
      note: 'Special report',
    });
    expect(placed.status).toBe(200);
    const created = placed.body.timeslot as Record<string, unknown>;
    expect(created).toMatchObject({
      show: news,
      start: at('01:00'),
      durationSec: 1800,
      status: 'scheduled',
      source: 'manual',
      note: 'Special report',
      organization,
    });
    expect((placed.body.changed as Record<string, unknown>[]).map((one) => one.id)).toEqual([a, b]);
    // Where the moved ones were, for an undo.
    expect(placed.body.previous).toEqual([
      { id: a, start: at('01:00'), durationSec: 3600 },
      { id: b, start: at('02:00'), durationSec: 3600 },
    ]);
    // The hour's gap before c absorbs the half-hour push.
    expect(await schedule(id)).toEqual([
      [created.id, at('01:00'), 1800],
      [a, at('01:30'), 3600],
      [b, at('02:30'), 3600],
      [c, at('04:00'), 3600],
    ]);
  });

  it('in push mode, moves a timeslot that is still running at the new start to after it', async () => {
    const id = await channel();
    const a = await slot(id, at('01:00'));
    const placed = await place({
      mode: 'push',
      channel: id,
      show: news,
      start: '2026-06-01T01:30:00Z',
      durationSec: 900,
    });
    expect(placed.status).toBe(200);
    expect(await schedule(id)).toEqual([
      [(placed.body.timeslot as { id: string }).id, at('01:30'), 900],
      [a, at('01:45'), 3600],
    ]);
  });

  it('creates in a free slot without moving anything, and snaps to 15 minutes', async () => {
    const id = await channel();
    const a = await slot(id, at('03:00'));
    const placed = await place({
      mode: 'push',
      channel: id,
      show: news,
      start: '2026-06-01T01:07:00Z',
      durationSec: 1000,
    });
    expect(placed.status).toBe(200);
    expect(placed.body.changed).toEqual([]);
    expect(await schedule(id)).toEqual([
      [(placed.body.timeslot as { id: string }).id, at('01:00'), 900],
      [a, at('03:00'), 3600],
    ]);
  });

  it('in no-overlap mode, refuses an occupied slot naming the show in the way, and writes nothing', async () => {
    const id = await channel();
    const a = await slot(id, at('01:00'));
    const refused = await place({
      mode: 'no-overlap',
      channel: id,
      show: news,
      start: '2026-06-01T01:30:00Z',
      durationSec: 3600,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Council Meeting');
    expect(await schedule(id)).toEqual([[a, at('01:00'), 3600]]);
  });

  it('refuses a push that would move a locked timeslot, naming it, and writes nothing', async () => {
    const id = await channel();
    const a = await slot(id, at('01:00'), 3600, { locked: true });
    const refused = await place({
      mode: 'push',
      channel: id,
      show: news,
      start: '2026-06-01T00:30:00Z',
      durationSec: 3600,
    });
    expect(refused.status).toBe(400);
    const start = (refused.body.data as Record<string, { code: string; message: string }>).start;
    expect(start?.code).toBe('validation_timeslot_locked');
    expect(start?.message).toContain('Council Meeting');
    expect(await schedule(id)).toEqual([[a, at('01:00'), 3600]]);
  });

  it('rolls the push back when the new timeslot itself is refused', async () => {
    const id = await channel();
    const a = await slot(id, at('01:00'));
    const refused = await place({
      mode: 'push',
      channel: id,
      show: 'nosuchshow12345',
      start: '2026-06-01T01:00:00Z',
      durationSec: 3600,
    });
    expect(refused.status).toBe(400);
    expect(await schedule(id)).toEqual([[a, at('01:00'), 3600]]);
  });

  it('names every mistake in the body under its field', async () => {
    const refused = await place({ mode: 'sideways', start: 'tomorrow', durationSec: -5 });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.data as object).sort()).toEqual([
      'channel',
      'durationSec',
      'mode',
      'start',
    ]);
    expect((await place({ mode: 'push' })).status).toBe(400);
  });

  it("stays inside the requester's organization and refuses members who cannot edit", async () => {
    const id = await channel();
    const body = {
      mode: 'push',
      channel: id,
      show: news,
      start: '2026-06-01T05:00:00Z',
      durationSec: 900,
    };
    // Another organization's channel is not found for a stranger, nor its show usable.
    const foreignChannel = await place(body, stranger.pb);
    expect(foreignChannel.status).toBe(400);
    expect(Object.keys(foreignChannel.body.data as object)).toContain('channel');
    const strangerShow = (
      await createShow(stranger.pb, stranger.organization.id, { title: 'Theirs' })
    ).id;
    const foreignShow = await place({ ...body, show: strangerShow });
    expect(foreignShow.status).toBe(400);
    // Naming another organization is refused outright.
    const foreignOrganization = await place({ ...body, organization: stranger.organization.id });
    expect(foreignOrganization.status).toBe(403);
    // A viewer of the organization reads the schedule but does not change it.
    expect((await place(body, viewer.pb)).status).toBe(403);
    // Nothing was created on the channel by any of them.
    expect(await schedule(id)).toEqual([]);
    // A push never reaches another organization's timeslots on its own channel.
    const theirChannel = (
      await createChannel(stranger.pb, stranger.organization.id, { name: 'Theirs 1' })
    ).id;
    await createTimeslot(stranger.pb, stranger.organization.id, {
      channel: theirChannel,
      show: strangerShow,
      start: at('05:00'),
      durationSec: 3600,
    });
    expect((await place({ ...body, channel: theirChannel })).status).toBe(400);
  });
});
