import { localToInstant } from '@airgrid/domain';
import type { JobRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import {
  client,
  createChannel,
  createMember,
  createShow,
  createTimeslot,
  failure,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// The programme reports on both databases, through the SDK: a New York station's schedule over
// the weekend its clocks spring forward (Sunday 9 March 2031), counted, clipped to the period's
// local midnights, captioned; a campaign placed by the real engine; and who may read what.

const ZONE = 'America/New_York';
const HOUR = 3_600_000;
/** Saturday 8 and Sunday 9 March 2031 on the station's clock: 47 hours (the spring forward). */
const FROM = localToInstant('2031-03-08T00:00', ZONE);
const TO = localToInstant('2031-03-10T00:00', ZONE);
/** "Now": Sunday noon in New York. */
let now = localToInstant('2031-03-09T12:00', ZONE);

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let organization = '';
let channel = '';
const shows: Record<string, string> = {};

const iso = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
const local = (wallClock: string) => iso(localToInstant(wallClock, ZONE));
const period = { from: new Date(FROM).toISOString(), to: new Date(TO).toISOString() };

const report = (pb: PocketBase, name: string, query: Record<string, string> = period) =>
  pb.send(`/api/v1/reports/${name}`, { query });

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  owner = await signUpOwner(server, { timeZone: ZONE });
  organization = owner.organization.id;
  const { pb } = owner;
  channel = (
    await createChannel(pb, organization, { timeZone: ZONE, language: 'en', name: 'Community 1' })
  ).id;
  for (const [name, status] of [
    ['news', 'ready'],
    ['film', 'ready'],
    ['pilot', 'ready'],
    ['oldie', 'ready'],
    ['idea', 'draft'],
    ['gone', 'archived'],
  ] as const)
    shows[name] = (await createShow(pb, organization, { title: name, status })).id;
  const air = (show: string, start: string, durationSec: number, status = 'scheduled') =>
    createTimeslot(pb, organization, { channel, show, start, durationSec, status });
  // The news at 01:00 for three hours each night: Sunday's runs across 02:00, which is skipped,
  // so it ends at 05:00 on the new clock; still three hours of airtime.
  await air(shows.news as string, local('2031-03-08T01:00'), 3 * 3600);
  await air(shows.news as string, local('2031-03-09T01:00'), 3 * 3600);
  await air(shows.news as string, local('2031-03-09T06:00'), 3600, 'cancelled');
  await air(shows.news as string, local('2031-03-20T01:00'), 3600);
  // The film from 23:00 on Sunday for two hours: one before the period's end, local midnight.
  await air(shows.film as string, local('2031-03-09T23:00'), 2 * 3600);
  await air(shows.film as string, local('2031-02-01T20:00'), 2 * 3600);
  // The oldie aired in February only; the pilot, the draft and the archived show never.
  await air(shows.oldie as string, local('2031-02-02T20:00'), 3600);
  await pb.collection('captions').create({
    organization,
    show: shows.news,
    kind: 'captions',
    language: 'en-US',
    status: 'complete',
    cues: [{ start: 0, end: 1, text: 'Good evening.' }],
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('the rerun report', () => {
  it('counts each show’s airings and airtime in the period, across the DST change', async () => {
    const reruns = await report(owner.pb, 'reruns');
    expect(reruns).toMatchObject({ ...period, timeZone: ZONE, airings: 3, airtimeSec: 7 * 3600 });
    expect(reruns.shows).toEqual([
      {
        show: shows.news,
        title: 'news',
        airings: 2,
        airtimeSec: 6 * 3600,
        share: 6 / 7,
        channels: [{ channel, name: 'Community 1', airings: 2 }],
        lastAiring: new Date(localToInstant('2031-03-09T01:00', ZONE)).toISOString(),
        nextAiring: new Date(localToInstant('2031-03-20T01:00', ZONE)).toISOString(),
      },
      {
        show: shows.film,
        title: 'film',
        airings: 1,
        airtimeSec: 3600,
        share: 1 / 7,
        channels: [{ channel, name: 'Community 1', airings: 1 }],
        lastAiring: new Date(localToInstant('2031-03-09T23:00', ZONE)).toISOString(),
        nextAiring: new Date(localToInstant('2031-03-09T23:00', ZONE)).toISOString(),
      },
    ]);
    // A 48-hour window (UTC days) would give the film both its hours: the local day is 23.
    expect(TO - FROM).toBe(47 * HOUR);
  });
});

describe('shows never aired', () => {
  it('lists shows ready to air with no airing at all, or none in the period, saying which', async () => {
    const never = await report(owner.pb, 'never-aired');
    expect(
      never.shows.map((row: { title: string; kind: string }) => [row.title, row.kind]),
    ).toEqual([
      ['pilot', 'never'],
      ['oldie', 'not-in-period'],
    ]);
    expect(never.shows[1]).toMatchObject({
      show: shows.oldie,
      status: 'ready',
      hasMedia: false,
      lastAiring: new Date(localToInstant('2031-02-02T20:00', ZONE)).toISOString(),
      nextAiring: null,
    });
    expect(Date.parse(never.shows[0].created)).not.toBeNaN();
    // In February the oldie aired, and the news had not: it is listed with its next airing.
    const february = await report(owner.pb, 'never-aired', {
      from: '2031-02-01T00:00:00Z',
      to: '2031-03-01T00:00:00Z',
    });
    const titles = february.shows.map((row: { title: string }) => row.title);
    expect(titles).toContain('news');
    expect(titles).not.toContain('oldie');
    expect(titles).not.toContain('film');
  });
});

describe('caption coverage', () => {
  it('shares the period’s airtime captioned in the channel’s language, and names the uncaptioned', async () => {
    const captions = await report(owner.pb, 'captions');
    expect(captions.channels).toEqual([
      {
        channel,
        name: 'Community 1',
        number: expect.any(Number),
        language: 'en',
        airtimeSec: 7 * 3600,
        captionedSec: 6 * 3600,
        share: 6 / 7,
      },
    ]);
    expect(captions.total).toEqual({ airtimeSec: 7 * 3600, captionedSec: 6 * 3600, share: 6 / 7 });
    expect(captions.uncaptioned).toEqual([
      { show: shows.film, title: 'film', uncaptionedSec: 3600, airings: 1 },
    ]);
  });
});

const clip = (seconds: number, name: string) =>
  new File([new Uint8Array(testClip({ seconds }))], name, { type: 'video/mp4' });

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

describe('campaign delivery', () => {
  it('gives booked campaigns meeting the period their goal, placed, owed and aired spots', async () => {
    const { pb } = owner;
    const programme = await createShow(pb, organization, { media: clip(30, 'long.mp4') });
    const sponsor = await pb.collection('sponsors').create({ organization, name: 'Bakery' });
    const ad = await pb
      .collection('ads')
      .create({ organization, title: 'Bread', sponsor: sponsor.id, media: clip(3, 'bread.mp4') });
    await Promise.all([probed(pb, `shows/${programme.id}`), probed(pb, `ads/${ad.id}`)]);
    await pb.collection('ads').update(ad.id, { status: 'active' });
    const spots = await createChannel(pb, organization, { timeZone: ZONE });
    // Two quarter-hour programmes on Sunday 9 March (in the period) and one on Monday 10.
    for (const start of ['2031-03-09T10:00', '2031-03-09T14:00', '2031-03-10T10:00'])
      await createTimeslot(pb, organization, {
        channel: spots.id,
        show: programme.id,
        start: local(start),
        durationSec: 900,
      });
    const booked = await pb.collection('campaigns').create({
      organization,
      name: 'Bakery March',
      sponsor: sponsor.id,
      status: 'booked',
      flightStart: '2031-03-09',
      flightEnd: '2031-03-10',
      channels: [spots.id],
      goalPer: 'total',
      goalSpots: 5,
      capPerProgramme: 1,
      ads: [ad.id],
    });
    // A draft is not booked, and a flight outside the period does not meet it.
    await pb.collection('campaigns').create({
      organization,
      name: 'Draft',
      sponsor: sponsor.id,
      flightStart: '2031-03-09',
      flightEnd: '2031-03-09',
    });
    // Placed early on Sunday, before any of its breaks began.
    const then = now;
    now = localToInstant('2031-03-09T08:00', ZONE);
    await server.app.placement.place(organization);
    now = then;

    // What the engine stored and placed, read through the records API: the report agrees.
    const stored = await pb.collection('campaigns').getOne(booked.id);
    const placements = await pb.collection('placements').getFullList<{ start: string }>({
      filter: pb.filter('campaign = {:campaign}', { campaign: booked.id }),
    });
    const starts = placements.map((placement) => Date.parse(placement.start.replace(' ', 'T')));
    const inPeriod = starts.filter((start) => start >= FROM && start < TO);
    expect(stored.delivery.placed).toBeGreaterThan(0);
    expect(inPeriod.length).toBeGreaterThan(0);
    expect(inPeriod.some((start) => start >= now)).toBe(true);

    const campaigns = await report(owner.pb, 'campaigns');
    expect(campaigns.campaigns).toEqual([
      {
        campaign: booked.id,
        name: 'Bakery March',
        sponsorName: 'Bakery',
        status: 'booked',
        flightStart: '2031-03-09',
        flightEnd: '2031-03-10',
        goal: stored.delivery.goal,
        placed: stored.delivery.placed,
        shortfall: stored.delivery.shortfall,
        delivered: stored.delivery.placed / stored.delivery.goal,
        placedInPeriod: inPeriod.length,
        // Aired by schedule: those that started before now (Sunday noon).
        airedInPeriod: inPeriod.filter((start) => start < now).length,
      },
    ]);
    expect(stored.delivery.goal).toBe(5);
    const later = await report(owner.pb, 'campaigns', {
      from: '2031-04-01T00:00:00Z',
      to: '2031-05-01T00:00:00Z',
    });
    expect(later.campaigns).toEqual([]);
  }, 120_000);
});

describe('who reads the reports', () => {
  const names = ['reruns', 'never-aired', 'captions', 'campaigns'];

  it('answers the station’s members, and shows another station none of it', async () => {
    const viewer = await createMember(server, organization, 'viewer');
    expect(await report(viewer.pb, 'reruns')).toEqual(await report(owner.pb, 'reruns'));
    const other = await signUpOwner(server, { timeZone: 'UTC' });
    const theirs = await Promise.all(names.map((name) => report(other.pb, name)));
    expect(theirs[0]).toMatchObject({ airings: 0, airtimeSec: 0, shows: [], timeZone: 'UTC' });
    expect(theirs[1].shows).toEqual([]);
    expect(theirs[2]).toMatchObject({ channels: [], uncaptioned: [], total: { airtimeSec: 0 } });
    expect(theirs[3].campaigns).toEqual([]);
  });

  it('asks a guest to sign in', async () => {
    for (const name of names) {
      const refused = await failure(report(client(server), name));
      expect(refused).toMatchObject({
        status: 401,
        message: 'Sign in to see the station’s reports.',
      });
    }
  });

  it('names what is wrong with a period', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ to: period.to }, 'from', 'Cannot be blank.'],
      [
        { from: period.from, to: 'tomorrow' },
        'to',
        'Must be an instant with its zone, e.g. 2026-03-10T23:00:00Z.',
      ],
      [
        { from: '2031-03-08T00:00:00', to: period.to },
        'from',
        'Must be an instant with its zone, e.g. 2026-03-10T23:00:00Z.',
      ],
      [{ from: period.to, to: period.from }, 'to', 'Must be after from.'],
      [{ from: period.from, to: period.from }, 'to', 'Must be after from.'],
      [
        { from: '2030-01-01T00:00:00Z', to: '2031-03-01T00:00:00Z' },
        'to',
        'Reports cover at most 400 days at a time.',
      ],
    ];
    for (const name of names)
      for (const [query, field, message] of cases) {
        const refused = await failure(report(owner.pb, name, query));
        expect(refused.status).toBe(400);
        expect(refused.data[field]).toMatchObject({ message });
      }
  });
});
