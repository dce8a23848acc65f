import type {
  AsRunRecord,
  JobRecord,
  PlacementRecord,
  PlayoutPackageRecord,
} from '@airgrid/schema';
import type { CampaignAiring } from '@airgrid/schema/contracts';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import { createChannel, createShow, createTimeslot, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Placed spots airing through Airgrid playout, on both databases (issue 40, item 5): a spot is
// packaged like a show; the programme pauses at its break point for the break, the spots placed
// there air at their planned second, the slate fills the rest, the programme resumes where it
// stopped, and the spot after it airs in the end break; the as-run log proves each spot, and
// the campaign's airings say so. Needs Debian's ffmpeg (.ci/run installs it).

/** Monday 6 January 2031, 12:00 UTC: the programme's slot. */
const SLOT = Date.UTC(2031, 0, 6, 12, 0, 0);
const SEC = 1000;
let now = SLOT - 10 * 60 * SEC;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let organization = '';
let channel = '';
let campaign = '';
let showId = '';
let adId = '';

const clip = (seconds: number, name: string) =>
  new File([new Uint8Array(testClip({ seconds }))], name, { type: 'video/mp4' });
const iso = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

async function settled(pb: PocketBase, kind: string, target: string): Promise<JobRecord> {
  let job: JobRecord | undefined;
  await expect
    .poll(
      async () => {
        [job] = await pb.collection('jobs').getFullList<JobRecord>({
          filter: pb.filter('kind = {:kind} && target = {:target}', { kind, target }),
          sort: '-created',
        });
        return job?.state;
      },
      { timeout: 180_000, interval: 250 },
    )
    .toMatch(/^(done|failed)$/);
  return job as JobRecord;
}

/** The live edge at `at`: the URI of the segment airing then, and whether an item starts. */
async function airingAt(at: number): Promise<{ uri: string; starts: boolean }> {
  now = at;
  const response = await server.fetch(`/api/v1/channels/${channel}/live/video.m3u8`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const lines = text.trim().split('\n');
  const uri = lines.at(-1) ?? '';
  // The tags of the last segment: back to the URI before it.
  const previous = lines.slice(0, -1).findLastIndex((line) => !line.startsWith('#'));
  const tags = lines.slice(previous + 1, -1);
  return { uri, starts: tags.includes('#EXT-X-DISCONTINUITY') };
}

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  owner = await signUpOwner(server, { timeZone: 'UTC' });
  organization = owner.organization.id;
  const { pb } = owner;
  // A 20-second programme (four 6-s segments on air) with a break point at 0:13 (on air: 0:12),
  // in a 15-minute slot; a 10-second spot (two segments).
  const show = await createShow(pb, organization, { media: clip(20, 'talk.mp4') });
  showId = show.id;
  const sponsor = await pb.collection('sponsors').create({ organization, name: 'Bakery' });
  const ad = await pb
    .collection('ads')
    .create({ organization, title: 'Bread', sponsor: sponsor.id, media: clip(10, 'bread.mp4') });
  adId = ad.id;
  await vi.waitFor(
    async () => {
      for (const target of [`shows/${show.id}`, `ads/${ad.id}`]) {
        const [job] = await pb.collection('jobs').getFullList<JobRecord>({
          filter: pb.filter('kind = "media-probe" && target = {:target}', { target }),
        });
        if (job?.state !== 'done') throw new Error(`probe of ${target}: ${job?.state}`);
      }
    },
    { timeout: 60_000, interval: 200 },
  );
  await pb.collection('shows').update(show.id, { breakPoints: [13] });
  await pb.collection('ads').update(ad.id, { status: 'active' });
  channel = (
    await createChannel(pb, organization, {
      timeZone: 'UTC',
      public: true,
      source: 'playout',
      playoutProfile: '480p30',
    })
  ).id;
  await createTimeslot(pb, organization, {
    channel,
    show: show.id,
    start: iso(SLOT),
    durationSec: 900,
  });
  campaign = (
    await pb.collection('campaigns').create({
      organization,
      name: 'Bakery January',
      sponsor: sponsor.id,
      status: 'booked',
      flightStart: '2031-01-06',
      flightEnd: '2031-01-06',
      channels: [channel],
      // The programme's two breaks, not the empty rest of the day.
      dayparts: [{ days: [1], from: '12:00', to: '12:15' }],
      goalPer: 'day',
      goalSpots: 2,
      ads: [ad.id],
    })
  ).id;
  await server.app.placement.place(organization);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('spots on Airgrid playout', () => {
  it('places the spots on the segment grid: in the break point’s pause and after the programme', async () => {
    const placed = await owner.pb.collection('placements').getFullList<PlacementRecord>({
      filter: owner.pb.filter('campaign = {:campaign}', { campaign }),
      sort: 'start',
    });
    // The break point moves back to 0:12; the pause lasts two minutes; the programme's last 12
    // seconds air 2:12–2:24, and the end break starts there.
    expect(placed.map((p) => [p.breakKind, Date.parse(`${p.start.replace(' ', 'T')}`)])).toEqual([
      ['point', SLOT + 12 * SEC],
      ['end', SLOT + 144 * SEC],
    ]);
    expect(placed[0]?.durationSec).toBeCloseTo(10, 1);
  });

  it('packages the spot in the channel’s profile', async () => {
    expect(await settled(owner.pb, 'playout-package', `ads/${adId}`)).toMatchObject({
      state: 'done',
    });
    await settled(owner.pb, 'playout-package', `shows/${showId}`);
    await settled(owner.pb, 'playout-slate', `channels/${channel}`);
    const packages = await owner.pb
      .collection('playoutPackages')
      .getFullList<PlayoutPackageRecord>({ filter: owner.pb.filter('ad = {:ad}', { ad: adId }) });
    expect(packages).toHaveLength(1);
    expect(packages[0]).toMatchObject({ profile: '480p30', segments: 2, show: '' });
    // ffmpeg packages three media one after another: on a busy machine that takes a while.
  }, 240_000);

  it('airs the programme, pauses it for its break’s spot and the slate, resumes it, then the end break', async () => {
    const packages = await owner.pb
      .collection('playoutPackages')
      .getFullList<PlayoutPackageRecord>();
    const spotPkg = packages.find((p) => p.ad === adId)?.id;
    const showPkg = packages.find((p) => p.show === showId)?.id;
    const slatePkg = packages.find((p) => p.channel === channel)?.id;
    const expected: [number, string, boolean][] = [
      [0, `${showPkg}/00000.ts`, true],
      [6, `${showPkg}/00001.ts`, false],
      [12, `${spotPkg}/00000.ts`, true],
      [18, `${spotPkg}/00001.ts`, false],
      [24, `${slatePkg}/00000.ts`, true],
      [132, `${showPkg}/00002.ts`, true],
      [138, `${showPkg}/00003.ts`, false],
      [144, `${spotPkg}/00000.ts`, true],
      [150, `${spotPkg}/00001.ts`, false],
      [156, `${slatePkg}/00000.ts`, true],
    ];
    for (const [second, uri, starts] of expected) {
      expect([second, await airingAt(SLOT + second * SEC + 500)]).toEqual([
        second,
        { uri, starts },
      ]);
    }
  });

  it('records each spot in the as-run log, and the campaign’s airings take it as proof', async () => {
    // The log's first look reaches a minute back; the next catches up from there.
    now = SLOT + 30 * SEC;
    await server.app.asRun.record(now);
    now = SLOT + 5 * 60 * SEC;
    await server.app.asRun.record(now);
    const spots = await owner.pb.collection('asRun').getFullList<AsRunRecord>({
      filter: owner.pb.filter('channel = {:channel} && kind = "spot"', { channel }),
      sort: 'start',
    });
    expect(spots.map((s) => [Date.parse(s.start.replace(' ', 'T')) - SLOT, s.ad, s.title])).toEqual(
      [
        [12 * SEC, adId, 'Bread'],
        [144 * SEC, adId, 'Bread'],
      ],
    );
    const programme = await owner.pb.collection('asRun').getFullList<AsRunRecord>({
      filter: owner.pb.filter('channel = {:channel} && kind = "programme"', { channel }),
      sort: 'start',
    });
    // The programme is two entries: before the break, and resumed 12 seconds in.
    expect(programme.map((p) => p.offsetSec)).toEqual([0, 12]);
    const read = await owner.pb.send<{ airings: CampaignAiring[] }>(
      `/api/v1/campaigns/${campaign}/airings`,
      {
        query: { from: new Date(SLOT).toISOString(), to: new Date(SLOT + 3_600_000).toISOString() },
      },
    );
    expect(read.airings.map((a) => [a.status, a.proof, a.airedStart])).toEqual([
      ['aired', 'as-run', new Date(SLOT + 12 * SEC).toISOString()],
      ['aired', 'as-run', new Date(SLOT + 144 * SEC).toISOString()],
    ]);
    expect(spots.map((s) => s.placement)).toEqual(read.airings.map((a) => a.placement));
  });
});
