import type { CampaignRecord, JobRecord, PlacementRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import {
  createChannel,
  createMember,
  createShow,
  createTimeslot,
  failure,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Spot placement on both databases (issue 40, item 4): a booked campaign's spots go into the
// breaks of its channel's schedule (a slot's seconds after its 3-second programme, and its
// break point), placed again when the schedule changes, keeping what has aired; the delivery
// is stored on the campaign; placements are read by the station's members only. Needs ffmpeg.

const MINUTE = 60_000;
/** Monday 6 January 2031, 12:00 UTC (07:00 in New York): the first slot. */
const SLOT = Date.UTC(2031, 0, 6, 12, 0, 0);
let now = SLOT - 60 * MINUTE;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let organization = '';
let channel = '';
let campaign = '';
const slots: string[] = [];

const clip = (seconds: number, name: string) =>
  new File([new Uint8Array(testClip({ seconds }))], name, { type: 'video/mp4' });

/** Waits for the media probe of `target` to finish. */
function probed(pb: PocketBase, target: string): Promise<void> {
  return vi.waitFor(
    async () => {
      const [job] = await pb.collection('jobs').getFullList<JobRecord>({
        filter: pb.filter('kind = "media-probe" && target = {:target}', { target }),
      });
      if (job?.state !== 'done') throw new Error(`probe of ${target}: ${job?.state}`);
    },
    { timeout: 60_000, interval: 200 },
  );
}

const placementsOf = (pb: PocketBase = owner.pb) =>
  pb.collection('placements').getFullList<PlacementRecord>({
    filter: pb.filter('campaign = {:campaign}', { campaign }),
    sort: 'start',
  });

const iso = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  owner = await signUpOwner(server, { timeZone: 'UTC' });
  organization = owner.organization.id;
  const { pb } = owner;
  channel = (await createChannel(pb, organization, { timeZone: 'UTC' })).id;
  // A 30-second programme with a break point at 0:12, and a 3-second one.
  const long = await createShow(pb, organization, { media: clip(30, 'long.mp4') });
  const short = await createShow(pb, organization, { media: clip(3, 'short.mp4') });
  const sponsor = await pb.collection('sponsors').create({ organization, name: 'Bakery' });
  const ad = await pb
    .collection('ads')
    .create({ organization, title: 'Bread', sponsor: sponsor.id, media: clip(3, 'bread.mp4') });
  await Promise.all([
    probed(pb, `shows/${long.id}`),
    probed(pb, `shows/${short.id}`),
    probed(pb, `ads/${ad.id}`),
  ]);
  await pb.collection('shows').update(long.id, { breakPoints: [12] });
  await pb.collection('ads').update(ad.id, { status: 'active' });
  // Four 15-minute slots back to back: 12:00 (long), 12:15, 12:30, 12:45 (short).
  for (const [index, show] of [long, short, short, short].entries()) {
    const slot = await createTimeslot(pb, organization, {
      channel,
      show: show.id,
      start: iso(SLOT + index * 15 * MINUTE),
      durationSec: 900,
    });
    slots.push(slot.id);
  }
  campaign = (
    await pb.collection('campaigns').create({
      organization,
      name: 'Bakery January',
      sponsor: sponsor.id,
      status: 'booked',
      flightStart: '2031-01-06',
      flightEnd: '2031-01-06',
      channels: [channel],
      // 12:00–13:00 only: the slots' breaks, not the empty rest of the day.
      dayparts: [{ days: [1], from: '12:00', to: '13:00' }],
      goalPer: 'day',
      goalSpots: 3,
      capPerProgramme: 1,
      ads: [ad.id],
    })
  ).id;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('placing a booked campaign', () => {
  it('places its spots in the breaks, one per programme, and stores its delivery', async () => {
    await server.app.placement.place(organization);
    const placed = await placementsOf();
    expect(placed).toHaveLength(3);
    // One per programme (the cap), each in a different slot, none overlapping its slot's show.
    expect(new Set(placed.map((each) => each.timeslot)).size).toBe(3);
    for (const each of placed) {
      expect(slots).toContain(each.timeslot);
      expect(each.durationSec).toBeGreaterThan(2.9);
      expect(each.durationSec).toBeLessThan(3.1);
      expect(['point', 'end']).toContain(each.breakKind);
    }
    const read = await owner.pb.collection('campaigns').getOne<CampaignRecord>(campaign);
    expect(read.delivery).toMatchObject({ per: 'day', goal: 3, placed: 3, shortfall: 0 });
  });

  it('places again after a schedule change, keeping the spots whose break has begun', async () => {
    const before = await placementsOf();
    const first = before[0];
    if (!first) throw new Error('no placement');
    // The first spot's break is on air; then a later slot is deleted.
    now = Date.parse(first.start.replace(' ', 'T')) + 500;
    const placedSlots = new Set(before.map((each) => each.timeslot));
    const doomed = slots.slice(1).find((slot) => placedSlots.has(slot) && slot !== first.timeslot);
    if (!doomed) throw new Error('no later placement');
    const moved = before.find((each) => each.timeslot === doomed);
    await owner.pb.collection('timeslots').delete(doomed);
    // The change places the station again by itself (a second after it): the spot in the
    // deleted slot's break goes.
    await vi.waitFor(
      async () => {
        const after = await placementsOf();
        if (after.some((each) => each.id === moved?.id)) throw new Error('not placed again');
      },
      { timeout: 15_000, interval: 250 },
    );
    const after = await placementsOf();
    expect(after.find((each) => each.id === first.id)).toEqual(first);
    // The goal is still met: the freed seconds of the deleted slot are a gap, or another slot.
    expect(after).toHaveLength(3);
  });

  it('lists a channel’s breaks with the spots in them and their free seconds', async () => {
    const query = {
      from: new Date(SLOT).toISOString(),
      to: new Date(SLOT + 60 * MINUTE).toISOString(),
    };
    const read = await owner.pb.send(`/api/v1/channels/${channel}/breaks`, { query });
    expect(read.timeZone).toBe('UTC');
    const kinds = read.breaks.map((brk: { kind: string }) => brk.kind);
    // The long show's break point, then each slot's end break (and the deleted slot's gap).
    expect(kinds[0]).toBe('point');
    expect(kinds).toContain('end');
    const withSpots = read.breaks.filter((brk: { spots: unknown[] }) => brk.spots.length > 0);
    expect(withSpots).toHaveLength(3);
    for (const brk of withSpots) {
      expect(brk.spots[0]).toMatchObject({
        campaignName: 'Bakery January',
        adTitle: 'Bread',
        sponsorName: 'Bakery',
      });
      expect(brk.freeSec).toBeCloseTo(brk.capacitySec - brk.spots[0].durationSec, 3);
    }
    // Another station's channel is not found; a guest signs in; a bad window says why.
    const other = await signUpOwner(server);
    expect(
      (await failure(other.pb.send(`/api/v1/channels/${channel}/breaks`, { query }))).status,
    ).toBe(404);
    const guest = await fetch(
      `${server.url}/api/v1/channels/${channel}/breaks?from=${query.from}&to=${query.to}`,
    );
    expect(guest.status).toBe(401);
    const tooLong = await failure(
      owner.pb.send(`/api/v1/channels/${channel}/breaks`, {
        query: { from: query.from, to: new Date(SLOT + 8 * 86_400_000).toISOString() },
      }),
    );
    expect(tooLong).toMatchObject({
      status: 400,
      data: { to: { message: 'Breaks are read at most 7 days at a time.' } },
    });
  });

  it('writes the channel’s daily log of programmes and spots for the station’s own playout', async () => {
    const response = await server.fetch(`/api/v1/channels/${channel}/log?date=2031-01-06`, {
      headers: { authorization: owner.pb.authStore.token },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = (await response.text()).trimEnd().split('\r\n');
    expect(header).toBe(
      'runDateTime,type,idType,title,durationSec,cablecastShowId,cgExempt,filler,campaign,sponsor,timeslot,spot',
    );
    // Three programmes left (one slot was deleted) and three spots, in time order.
    const times = lines.map((line) => Date.parse(String(line.split(',')[0])));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(lines.filter((line) => line.includes(',spot,'))).toHaveLength(3);
    expect(lines.filter((line) => line.includes(',programme,'))).toHaveLength(3);
    expect(lines[0]).toMatch(/^2031-01-06T12:00:00\+00:00,programme,1,/);
    expect(lines.find((line) => line.includes(',spot,'))).toMatch(
      /^2031-01-06T12:00:12\+00:00,spot,2,Bread,[23](\.\d+)?,,true,false,Bakery January,Bakery,,\w{15}$/,
    );
    const bad = await failure(
      owner.pb.send(`/api/v1/channels/${channel}/log`, { query: { date: '2031-02-30' } }),
    );
    expect(bad).toMatchObject({ status: 400, message: 'Must be a date, YYYY-MM-DD.' });
  });

  it('is read by the station’s members only, and written by the server alone', async () => {
    const viewer = await createMember(server, organization, 'viewer');
    expect(await placementsOf(viewer.pb)).toHaveLength(3);
    const other = await signUpOwner(server);
    expect(await other.pb.collection('placements').getFullList()).toEqual([]);
    const [one] = await placementsOf();
    expect((await failure(owner.pb.collection('placements').delete(String(one?.id)))).status).toBe(
      403,
    );
    expect(
      (
        await failure(
          owner.pb.collection('placements').create({
            organization,
            campaign,
            ad: one?.ad,
            channel,
            breakId: 'x:0:end',
            start: iso(SLOT),
          }),
        )
      ).status,
    ).toBe(403);
  });
});
