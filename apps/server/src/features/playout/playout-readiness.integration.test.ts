import type { JobRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import {
  createChannel,
  createMember,
  createShow,
  createTimeslot,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { GuideRepository } from '../../public-reads/guide-repository.js';
import { RecordService, serverRequest } from '../../records/record-service.js';
import { COLLECTION_MODULES } from '../index.js';
import { PlayoutReadiness, sendReadinessNotices } from './playout-readiness.js';
import { PlayoutRepository } from './playout-repository.js';

// Readiness before air (issue 39, item 4), on both databases: each kind of problem appears and
// goes when fixed, the station's members read it (others do not), and the staff are told of
// each problem once. Needs Debian's ffmpeg (the show's media is probed and packaged for real).

/** Monday 6 January 2031, 10:00 UTC: the clock stands still. */
const NOW = Date.UTC(2031, 0, 6, 10, 0, 0);
const now = NOW;
const clock = { now: () => now };
const at = (hhmm: string) => `2031-01-06 ${hhmm}:00.000Z`;
const iso = (hhmm: string) => `2031-01-06T${hhmm}:00.000Z`;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let channel: string;
let news: string;
let empty: string;
let newsSlot: string;
let records: RecordService;

interface Issue {
  kind: string;
  start: string;
  end: string;
  timeslot?: string;
  show?: { id: string; title: string };
  state?: string;
  cutSec?: number;
  fillerSec?: number;
  slateSec?: number;
  endsEarly?: { timeslot: string };
}
interface Readiness {
  timeZone: string;
  from: string;
  to: string;
  counts: { total: number; noMedia: number; notPackaged: number; tooLong: number; gaps: number };
  issues: Issue[];
}

function call(pathname: string, pb?: PocketBase): Promise<Response> {
  return server.fetch(pathname, {
    headers: pb ? { authorization: pb.authStore.token } : {},
  });
}

async function readiness(hours?: number, pb: PocketBase = owner.pb): Promise<Readiness> {
  const query = hours ? `?hours=${hours}` : '';
  const response = await call(`/api/v1/channels/${channel}/playout/readiness${query}`, pb);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Readiness;
}

/** The issues as "kind show-title start" lines. */
async function lines(hours?: number): Promise<string[]> {
  return (await readiness(hours)).issues.map(
    (issue) =>
      `${issue.kind} ${issue.show?.title ?? '-'} ${issue.start.slice(11, 16)}-${issue.end.slice(11, 16)}`,
  );
}

async function settled(kind: string, target: string): Promise<JobRecord> {
  let job: JobRecord | undefined;
  await expect
    .poll(
      async () => {
        [job] = await owner.pb.collection('jobs').getFullList<JobRecord>({
          filter: owner.pb.filter('kind = {:kind} && target = {:target}', { kind, target }),
          sort: '-created',
        });
        return job?.state;
      },
      { timeout: 90_000, interval: 250 },
    )
    .toMatch(/^(done|failed)$/);
  return job as JobRecord;
}

function mediaFile(seconds: number, name: string): File {
  return new File([new Uint8Array(testClip({ seconds }))], name, { type: 'video/mp4' });
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  records = new RecordService(
    server.database.db,
    server.database.dialect,
    clock,
    COLLECTION_MODULES,
    {},
  );
  owner = await signUpOwner(server);
  const org = owner.organization.id;
  news = (await createShow(owner.pb, org, { title: 'Evening news', durationSec: 900 })).id;
  empty = (await createShow(owner.pb, org, { title: 'Town hall', durationSec: 1800 })).id;
  channel = (
    await createChannel(owner.pb, org, {
      name: 'Community One',
      source: 'playout',
      playoutProfile: '480p30',
      timeZone: 'America/New_York',
    })
  ).id;
  newsSlot = (
    await createTimeslot(owner.pb, org, {
      channel,
      show: news,
      start: at('11:00'),
      durationSec: 900,
    })
  ).id;
  await createTimeslot(owner.pb, org, {
    channel,
    show: empty,
    start: at('12:00'),
    durationSec: 1800,
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('playout readiness', () => {
  it('names shows with no media and the long gaps, in time order, in the channel’s zone', async () => {
    const read = await readiness();
    expect(read).toMatchObject({
      timeZone: 'America/New_York',
      from: new Date(NOW).toISOString(),
      to: new Date(NOW + 86_400_000).toISOString(),
      counts: { total: 5, noMedia: 2, notPackaged: 0, tooLong: 0, gaps: 3 },
    });
    expect(await lines()).toEqual([
      'gap - 10:00-11:00',
      'no-media Evening news 11:00-11:15',
      'gap - 11:15-12:00',
      'no-media Town hall 12:00-12:30',
      'gap - 12:30-10:00',
    ]);
    // No filler: the slate airs the whole gap.
    expect(read.issues[0]).toMatchObject({ fillerSec: 0, slateSec: 3600 });
    // A week: the last gap runs to the window's end.
    expect((await readiness(168)).issues.at(-1)?.end).toBe(
      new Date(NOW + 168 * 3_600_000).toISOString(),
    );
  });

  it('lets the station’s members read it, viewers too; nobody else', async () => {
    const viewer = await createMember(server, owner.organization.id, 'viewer');
    expect((await readiness(24, viewer.pb)).counts.total).toBe(5);

    const guest = await call(`/api/v1/channels/${channel}/playout/readiness`);
    expect(guest.status).toBe(401);
    expect(((await guest.json()) as { message: string }).message).toMatch(/Sign in/);

    const other = await signUpOwner(server);
    const stream = await createChannel(owner.pb, owner.organization.id, { public: true });
    for (const [id, pb] of [
      [channel, other.pb],
      [stream.id, owner.pb],
      ['nosuchchannel12', owner.pb],
    ] as const) {
      const response = await call(`/api/v1/channels/${id}/playout/readiness`, pb);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toMatch(/Airgrid playout/);
    }
    const wrong = await call(`/api/v1/channels/${channel}/playout/readiness?hours=12`, owner.pb);
    expect(wrong.status).toBe(400);

    // The dashboard's line: this station's playout channels only.
    const summary = await call('/api/v1/playout/readiness', owner.pb);
    expect(await summary.json()).toMatchObject({
      channels: [
        {
          id: channel,
          name: 'Community One',
          counts: { total: 5, noMedia: 2, gaps: 3 },
          first: new Date(NOW).toISOString(),
        },
      ],
    });
    const theirs = await call('/api/v1/playout/readiness', other.pb);
    expect(await theirs.json()).toMatchObject({ channels: [] });
    expect((await call('/api/v1/playout/readiness')).status).toBe(401);
  });

  it('tells the owners, admins and editors of each problem once, before air', async () => {
    const editor = await createMember(server, owner.organization.id, 'editor');
    await createMember(server, owner.organization.id, 'producer');
    const told: { user: string; title: string; body: string; path: string }[] = [];
    const notifier = {
      async notify(user: string, notification: { title: string; body: string; path: string }) {
        told.push({ user, ...notification });
      },
    };
    const repository = new PlayoutRepository(server.database.db);
    const service = new PlayoutReadiness(
      repository,
      new GuideRepository(server.database.db, server.database.dialect),
      clock,
    );
    // Three hours ahead: the news without media, the gap after it, the town hall, the gap after
    // it (its first half hour); the gap on air now is past telling.
    expect(await sendReadinessNotices(service, repository, notifier, now, 3 * 3_600_000)).toBe(4);
    expect(new Set(told.map((t) => t.user))).toEqual(new Set([owner.record.id, editor.record.id]));
    const first = told.find((t) => t.user === editor.record.id);
    expect(first).toMatchObject({
      title: '“Evening news” has no media to air on Community One',
      path: `/channels/${channel}`,
    });
    // 11:00 UTC is 06:00 in New York.
    expect(first?.body).toContain('at 2031-01-06 06:00 (America/New_York)');
    expect(first?.body).toMatch(/Upload its media/);
    expect(told.some((t) => /45 minutes with no programme/.test(t.title))).toBe(true);
    // Once: a second run tells nothing new.
    expect(await sendReadinessNotices(service, repository, notifier, now, 3 * 3_600_000)).toBe(0);
    expect(told).toHaveLength(8);
  });

  it('follows the media: not packaged while it is packaged, then cut when longer than its slot', async () => {
    await owner.pb.collection('shows').update(news, { media: mediaFile(8, 'news.mp4') });
    // Just uploaded: no package yet.
    const waiting = (await readiness()).issues.find((issue) => issue.timeslot === newsSlot);
    expect(waiting).toMatchObject({ kind: 'not-packaged', show: { title: 'Evening news' } });
    expect(['waiting', 'queued', 'packaging']).toContain(waiting?.state);

    expect(await settled('media-probe', `shows/${news}`)).toMatchObject({ state: 'done' });
    expect(await settled('playout-package', `shows/${news}`)).toMatchObject({ state: 'done' });
    // Packaged: no problem with the slot; its eight seconds leave a gap through to 12:00.
    expect(await lines()).toEqual([
      'gap - 10:00-11:00',
      'gap - 11:00-12:00',
      'no-media Town hall 12:00-12:30',
      'gap - 12:30-10:00',
    ]);

    // The probe says 1,000 s (as a longer upload would): 100 s longer than the slot.
    const info = (await owner.pb.collection('shows').getOne(news)).mediaInfo as object;
    await records.update(
      'shows',
      news,
      { mediaInfo: { ...info, durationSec: 1000 } },
      serverRequest('PATCH'),
    );
    const cut = (await readiness()).issues.filter((issue) => issue.timeslot === newsSlot);
    expect(cut).toMatchObject([{ kind: 'too-long', cutSec: 100 }]);

    // Fixed: the slot lasts half an hour; the media ends early in it, so the gap before the
    // town hall starts there and names the news.
    await owner.pb.collection('timeslots').update(newsSlot, { durationSec: 1800 });
    const after = await readiness();
    expect(after.issues.filter((issue) => issue.timeslot === newsSlot)).toEqual([]);
    expect(after.issues[1]).toMatchObject({
      kind: 'gap',
      start: '2031-01-06T11:16:42.000Z',
      end: iso('12:00'),
      endsEarly: { timeslot: newsSlot },
    });
  }, 200_000);

  it('drops a show’s problem once its media is packaged, and a gap once it is scheduled', async () => {
    await owner.pb.collection('shows').update(empty, { media: mediaFile(4, 'town-hall.mp4') });
    expect(await settled('playout-package', `shows/${empty}`)).toMatchObject({ state: 'done' });
    // The news again at 11:30: what is left of the gap before noon is two stretches under 15
    // minutes (11:16:42–11:30, 11:46:42–12:00), not reported.
    await createTimeslot(owner.pb, owner.organization.id, {
      channel,
      show: news,
      start: at('11:30'),
      durationSec: 1800,
    });
    expect(await lines()).toEqual(['gap - 10:00-11:00', 'gap - 12:00-10:00']);
    const last = (await readiness()).issues.at(-1);
    expect(last).toMatchObject({
      start: '2031-01-06T12:00:06.000Z',
      endsEarly: { timeslot: expect.any(String) },
    });
  }, 200_000);
});
