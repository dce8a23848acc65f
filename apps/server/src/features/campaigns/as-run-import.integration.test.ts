import type {
  AsRunImportRecord,
  CampaignRecord,
  ImportedAiringRecord,
  JobRecord,
  PlacementRecord,
} from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import { createChannel, createMember, failure, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Proof of play for a station's own playout on both databases (issue 40, item 6): an as-run
// log imported and reconciled with the placements (aired at the line's second, missed,
// off-plan, skipped), the campaign's airings with proof `import`, the missed spot made good in
// a later break, a newer import replacing an older one, who may import, and bad lines named.
// Needs ffmpeg (the spot's media is probed for its runtime).

const MINUTE = 60_000;
/** Monday 6 January 2031, 12:00 UTC. */
const NOON = Date.UTC(2031, 0, 6, 12, 0, 0);
let now = NOON - 60 * MINUTE;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let organization = '';
let channel = '';
let campaign = '';
let ad = '';
let placed: PlacementRecord[] = [];

const at = (ms: number) => new Date(ms).toISOString();
const msOf = (record: { start: string }) => Date.parse(record.start.replace(' ', 'T'));

const placementsOf = (pb: PocketBase = owner.pb) =>
  pb.collection('placements').getFullList<PlacementRecord>({
    filter: pb.filter('campaign = {:campaign}', { campaign }),
    sort: 'start',
  });

const importLog = (body: Record<string, unknown>, pb: PocketBase = owner.pb) =>
  pb.send(`/api/v1/channels/${channel}/as-run-imports`, { method: 'POST', body });

const airings = () =>
  owner.pb.send(`/api/v1/campaigns/${campaign}/airings`, {
    query: { from: at(NOON - 60 * MINUTE), to: at(NOON + 120 * MINUTE) },
  });

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  owner = await signUpOwner(server, { timeZone: 'UTC' });
  organization = owner.organization.id;
  const { pb } = owner;
  // Nothing scheduled: the channel's day is gap breaks, one every quarter hour.
  channel = (await createChannel(pb, organization, { timeZone: 'UTC' })).id;
  const sponsor = await pb.collection('sponsors').create({ organization, name: 'Bakery' });
  ad = (
    await pb.collection('ads').create({
      organization,
      title: 'Bread',
      sponsor: sponsor.id,
      media: new File([new Uint8Array(testClip({ seconds: 3 }))], 'bread.mp4', {
        type: 'video/mp4',
      }),
    })
  ).id;
  await vi.waitFor(
    async () => {
      const [job] = await pb.collection('jobs').getFullList<JobRecord>({
        filter: pb.filter('kind = "media-probe" && target = {:target}', { target: `ads/${ad}` }),
      });
      if (job?.state !== 'done') throw new Error(`probe: ${job?.state}`);
    },
    { timeout: 60_000, interval: 200 },
  );
  await pb.collection('ads').update(ad, { status: 'active' });
  campaign = (
    await pb.collection('campaigns').create({
      organization,
      name: 'Bakery January',
      sponsor: sponsor.id,
      status: 'booked',
      flightStart: '2031-01-06',
      flightEnd: '2031-01-06',
      channels: [channel],
      // 12:00–13:00: four gap breaks; two spots go to the first and the third (the even pace).
      dayparts: [{ days: [1], from: '12:00', to: '13:00' }],
      goalPer: 'day',
      goalSpots: 2,
      ads: [ad],
    })
  ).id;
  await server.app.placement.place(organization);
  placed = await placementsOf();
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('importing an as-run log', () => {
  it('reconciles its lines with the placements: aired, missed, off-plan and skipped', async () => {
    expect(placed.map((each) => at(msOf(each)))).toEqual([at(NOON), at(NOON + 30 * MINUTE)]);
    const [first, second] = placed;
    // Both spots' breaks are over; the log has the first 4 s late, not the second, Bread again
    // at 12:10 (off-plan), and a programme line (not a spot of the station).
    now = NOON + 31 * MINUTE;
    const answer = await importLog({
      fileName: 'asrun-2031-01-06.csv',
      lines: [
        { line: 2, start: '2031-01-06T12:00:04Z', spot: 'bread', durationSec: 3 },
        { line: 3, start: '2031-01-06T12:01:00Z', spot: 'Council Meeting' },
        { line: 4, start: '2031-01-06T12:10:00Z', spot: ad, durationSec: 3 },
      ],
    });
    expect(answer).toMatchObject({
      channel,
      // The channel's day, up to now.
      periodStart: at(NOON - 12 * 60 * MINUTE),
      periodEnd: at(now),
      aired: 1,
      missed: 1,
      offPlan: 1,
      skipped: 1,
    });
    expect(answer.lines).toEqual([
      expect.objectContaining({
        line: 2,
        status: 'aired',
        ad,
        adTitle: 'Bread',
        placement: first?.id,
        start: '2031-01-06T12:00:04.000Z',
        plannedStart: at(NOON),
      }),
      expect.objectContaining({ line: 3, status: 'skipped', ad: null, placement: null }),
      expect.objectContaining({ line: 4, status: 'off-plan', ad, placement: null }),
    ]);
    expect(answer.missedPlacements).toEqual([
      {
        placement: second?.id,
        campaign,
        campaignName: 'Bakery January',
        ad,
        adTitle: 'Bread',
        plannedStart: at(NOON + 30 * MINUTE),
      },
    ]);
    // Stored for the station's members to read.
    const [record] = await owner.pb.collection('asRunImports').getFullList<AsRunImportRecord>();
    expect(record).toMatchObject({
      channel,
      fileName: 'asrun-2031-01-06.csv',
      aired: 1,
      missed: 1,
      offPlan: 1,
      skipped: 1,
      importedBy: owner.record.id,
    });
    const lines = await owner.pb
      .collection('importedAirings')
      .getFullList<ImportedAiringRecord>({ sort: 'line' });
    expect(lines.map((each) => [each.line, each.status, each.placement])).toEqual([
      [2, 'aired', first?.id],
      [4, 'off-plan', ''],
    ]);
  });

  it('makes the missed spot good in a later break of the flight, keeping its record', async () => {
    const after = await placementsOf();
    expect(after.map((each) => at(msOf(each)))).toEqual([
      at(NOON),
      at(NOON + 30 * MINUTE),
      at(NOON + 45 * MINUTE),
    ]);
    expect(after.slice(0, 2)).toEqual(placed);
    const read = await owner.pb.collection('campaigns').getOne<CampaignRecord>(campaign);
    expect(read.delivery).toMatchObject({ goal: 2, placed: 2, missed: 1, shortfall: 0 });
  });

  it('answers the campaign’s airings with the imported proof', async () => {
    const [first, second, makeGood] = await placementsOf();
    const read = await airings();
    expect(
      read.airings.map((each: Record<string, unknown>) => [
        each.placement,
        each.status,
        each.proof,
        each.airedStart,
      ]),
    ).toEqual([
      [first?.id, 'aired', 'import', '2031-01-06T12:00:04.000Z'],
      [null, 'off-plan', 'import', '2031-01-06T12:10:00.000Z'],
      [second?.id, 'missed', 'import', null],
      [makeGood?.id, 'upcoming', null, null],
    ]);
  });

  it('lets a newer import of the period replace what the older one said', async () => {
    const [first, second] = placed;
    await importLog({
      from: '2031-01-06T12:00:00Z',
      to: '2031-01-06T12:31:00Z',
      lines: [{ line: 2, start: '2031-01-06T12:30:02Z', spot: 'Bread' }],
    });
    const read = await airings();
    expect(
      read.airings
        .slice(0, 2)
        .map((each: Record<string, unknown>) => [each.placement, each.status, each.proof]),
    ).toEqual([
      [first?.id, 'missed', 'import'],
      [second?.id, 'aired', 'import'],
    ]);
    // The older import's off-plan line in the period is gone with what it said.
    expect(read.airings.some((each: { status: string }) => each.status === 'off-plan')).toBe(false);
    expect(await owner.pb.collection('asRunImports').getFullList()).toHaveLength(2);
  });
});

describe('who may import, and what is refused', () => {
  const line = { line: 2, start: '2031-01-06T12:00:04Z', spot: 'Bread' };

  it('is the station’s editors’: another station’s channel is not found, a guest signs in', async () => {
    const other = await signUpOwner(server);
    expect((await failure(importLog({ lines: [line] }, other.pb))).status).toBe(404);
    const viewer = await createMember(server, organization, 'viewer');
    expect(await failure(importLog({ lines: [line] }, viewer.pb))).toMatchObject({
      status: 403,
      message: 'Only editors, admins and owners of the organization can import the as-run log.',
    });
    const guest = await server.fetch(`/api/v1/channels/${channel}/as-run-imports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [line] }),
    });
    expect(guest.status).toBe(401);
    // Members read the imports; nobody writes them but the server.
    expect(await viewer.pb.collection('asRunImports').getFullList()).toHaveLength(2);
    expect(await other.pb.collection('importedAirings').getFullList()).toEqual([]);
    expect(
      (
        await failure(
          owner.pb.collection('asRunImports').create({
            organization,
            channel,
            periodStart: '2031-01-06 00:00:00.000Z',
            periodEnd: '2031-01-07 00:00:00.000Z',
          }),
        )
      ).status,
    ).toBe(403);
  });

  it('names the line and the field of a bad line', async () => {
    const bad = await failure(
      importLog({
        lines: [
          line,
          { line: 12, start: 'yesterday', spot: 'Bread' },
          { line: 13, start: line.start, spot: ' ' },
        ],
      }),
    );
    expect(bad).toMatchObject({
      status: 400,
      message: 'Line 12: start must be a date and time with its zone, e.g. 2031-01-06T12:00:12Z.',
      data: {
        'lines.12.start': { code: 'validation_invalid_datetime' },
        'lines.13.spot': {
          code: 'validation_required',
          message: 'Line 13: spot cannot be blank (the spot’s title or id).',
        },
      },
    });
    const future = await failure(
      importLog({ lines: [{ line: 7, start: '2031-01-06T13:00:00Z', spot: 'Bread' }] }),
    );
    expect(future).toMatchObject({
      status: 400,
      message: 'Line 7: start is in the future; an as-run log says what aired.',
    });
    const outside = await failure(
      importLog({
        from: '2031-01-06T12:00:00Z',
        to: '2031-01-06T12:05:00Z',
        lines: [{ line: 3, start: '2031-01-06T12:10:00Z', spot: 'Bread' }],
      }),
    );
    expect(outside.message).toBe('Line 3: start is outside from–to, the period the log covers.');
    expect((await failure(importLog({ lines: [] }))).data).toMatchObject({
      lines: { code: 'validation_required' },
    });
    // Nothing of a refused import is stored.
    expect(await owner.pb.collection('asRunImports').getFullList()).toHaveLength(2);
  });
});
