import type { AsRunRecord, JobRecord, PlayoutPackageRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import {
  createChannel,
  createShow,
  createTimeslot,
  signUpOwner,
  superuser,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// The as-run log on both databases (issue 39 item 5, decision 0045): what a playout channel
// aired, recorded by the server from the live playlist's own function as the clock moves,
// browsable as `asRun` records and exported as CSV to its station only; and the guide and the
// air agree over a week: every XMLTV programme airs at its start. Needs Debian's ffmpeg.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Monday 6 January 2031, 12:00 UTC: the first slot; the week runs seven days from it. */
const SLOT = Date.UTC(2031, 0, 6, 12, 0, 0);
let now = SLOT - 10 * MINUTE;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let channelId: string;
const shows: Record<'news' | 'arts' | 'morning' | 'ident', string> = {
  news: '',
  arts: '',
  morning: '',
  ident: '',
};
/** Package id by show id, and the slate's. */
const packageOf = new Map<string, string>();
let slate = '';

function mediaFile(seconds: number, name: string): File {
  return new File([new Uint8Array(testClip({ seconds }))], name, { type: 'video/mp4' });
}

/** The job's end (done or failed), waited for (beforeAll: vi.waitFor, not expect.poll). */
function settled(pb: PocketBase, kind: string, target: string): Promise<JobRecord> {
  return vi.waitFor(
    async () => {
      const [job] = await pb.collection('jobs').getFullList<JobRecord>({
        filter: pb.filter('kind = {:kind} && target = {:target}', { kind, target }),
        sort: '-created',
      });
      if (job?.state !== 'done' && job?.state !== 'failed') throw new Error(`${kind} ${target}`);
      return job;
    },
    { timeout: 120_000, interval: 250 },
  );
}

/** Records up to the instant, as the minute's run does. */
async function recordAt(instant: number): Promise<void> {
  now = instant;
  await server.app.asRun.record(now);
}

function log(pb: PocketBase = owner.pb, filter = `channel = "${channelId}"`) {
  return pb.collection('asRun').getFullList<AsRunRecord>({ filter, sort: 'start' });
}

const ms = (date: string) => Date.parse(date.replace(' ', 'T'));

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  owner = await signUpOwner(server);
  const org = owner.organization.id;
  const media: Record<keyof typeof shows, [string, number]> = {
    news: ['Evening news', 8], // two 6-second segments
    arts: ['Arts hour', 14], // three
    morning: ['Morning show', 5], // one
    ident: ['Station ID', 3], // one: the filler
  };
  for (const [key, [title, seconds]] of Object.entries(media)) {
    const show = await createShow(owner.pb, org, { title, durationSec: 900 });
    await owner.pb.collection('shows').update(show.id, { media: mediaFile(seconds, `${key}.mp4`) });
    shows[key as keyof typeof shows] = show.id;
  }
  const channel = await createChannel(owner.pb, org, {
    public: true,
    source: 'playout',
    playoutProfile: '480p30',
    filler: [shows.ident],
    timeZone: 'America/New_York',
  });
  channelId = channel.id;
  // A week: the news at noon UTC, the arts at 18:00, the morning show at 07:00 the next day.
  const slot = (show: string, start: number, durationSec: number) =>
    createTimeslot(owner.pb, org, {
      channel: channelId,
      show,
      start: new Date(start).toISOString().replace('T', ' '),
      durationSec,
    });
  for (let day = 0; day < 7; day++) {
    await slot(shows.news, SLOT + day * DAY, 900);
    await slot(shows.arts, SLOT + day * DAY + 6 * HOUR, 1800);
    await slot(shows.morning, SLOT + day * DAY + 19 * HOUR, 900);
  }
  // Everything is packaged before its slot (the clock stands ten minutes before the first).
  expect(await settled(owner.pb, 'playout-slate', `channels/${channelId}`)).toMatchObject({
    state: 'done',
  });
  for (const show of Object.values(shows)) {
    expect(await settled(owner.pb, 'playout-package', `shows/${show}`)).toMatchObject({
      state: 'done',
    });
  }
  for (const pkg of await owner.pb
    .collection('playoutPackages')
    .getFullList<PlayoutPackageRecord>()) {
    if (pkg.show) packageOf.set(pkg.show, pkg.id);
    else slate = pkg.id;
  }
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

describe('the as-run log', () => {
  it('records what aired as time moves: the slate, the programme, the filler, to the second', async () => {
    await recordAt(SLOT - 30_000);
    const before = await log();
    expect(before.at(-1)).toMatchObject({ kind: 'slate', package: slate, show: '', title: '' });
    expect(ms(before.at(-1)?.end ?? '')).toBe(SLOT - 30_000);

    // 45 s into the slot: the news (12 s packaged), the ident (6 s), then the slate again.
    await recordAt(SLOT + 45_000);
    const entries = await log();
    const tail = entries.slice(-4).map((entry) => ({
      kind: entry.kind,
      show: entry.show,
      title: entry.title,
      package: entry.package,
      start: ms(entry.start) - SLOT,
      end: ms(entry.end) - SLOT,
      offsetSec: entry.offsetSec,
    }));
    expect(tail.slice(1)).toEqual([
      {
        kind: 'programme',
        show: shows.news,
        title: 'Evening news',
        package: packageOf.get(shows.news),
        start: 0,
        end: 12_000,
        offsetSec: 0,
      },
      {
        kind: 'filler',
        show: shows.ident,
        title: 'Station ID',
        package: packageOf.get(shows.ident),
        start: 12_000,
        end: 18_000,
        offsetSec: 0,
      },
      // The news's position in the minute: 42 s is the last whole segment before 45 s.
      {
        kind: 'slate',
        show: '',
        title: '',
        package: slate,
        start: 18_000,
        end: 42_000,
        offsetSec: 0,
      },
    ]);
    // The slate before the slot is the entry the first look made, carried on to the slot.
    expect(tail[0]).toMatchObject({ kind: 'slate', end: 0 });
    expect(entries.at(-4)?.id).toBe(before.at(-1)?.id);
    const programme = entries.at(-3);
    expect(programme?.timeslot).toMatch(/^[a-z0-9]{15}$/);

    // Two minutes in: the slate goes on, so its entry grows; nothing is added.
    await recordAt(SLOT + 2 * MINUTE + 3000);
    const later = await log();
    expect(later).toHaveLength(entries.length);
    expect(later.at(-1)?.id).toBe(entries.at(-1)?.id);
    expect(ms(later.at(-1)?.end ?? '') - SLOT).toBe(2 * MINUTE);
    // Recording again at the same instant changes nothing.
    await recordAt(SLOT + 2 * MINUTE + 3000);
    expect(await log()).toEqual(later);
  });

  it('exports the log as CSV for the station’s members, with clear refusals', async () => {
    const path = (query: string) => `/api/v1/channels/${channelId}/as-run?${query}`;
    const from = new Date(SLOT).toISOString();
    const to = new Date(SLOT + 30_000).toISOString();
    const response = await server.fetch(path(`from=${from}&to=${to}`), {
      headers: { authorization: owner.pb.authStore.token },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="as-run-${channelId}-2031-01-06-2031-01-06.csv"`,
    );
    const csv = await response.text();
    const slot = (await log()).find((entry) => entry.kind === 'programme')?.timeslot;
    expect(csv.split('\r\n')).toEqual([
      'start,end,duration_sec,kind,title,timeslot,package',
      `2031-01-06T12:00:00Z,2031-01-06T12:00:12Z,12,programme,Evening news,${slot},${packageOf.get(shows.news)}`,
      `2031-01-06T12:00:12Z,2031-01-06T12:00:18Z,6,filler,Station ID,,${packageOf.get(shows.ident)}`,
      `2031-01-06T12:00:18Z,2031-01-06T12:02:00Z,102,slate,,,${slate}`,
      '',
    ]);

    const refusal = async (query: string, token = owner.pb.authStore.token) => {
      const response = await server.fetch(path(query), {
        headers: token ? { authorization: token } : {},
      });
      return {
        status: response.status,
        message: ((await response.json()) as { message: string }).message,
      };
    };
    expect(await refusal(`to=${to}`)).toEqual({ status: 400, message: 'Cannot be blank.' });
    expect(await refusal(`from=yesterday&to=${to}`)).toEqual({
      status: 400,
      message: 'Must be an instant with its zone, e.g. 2026-03-10T23:00:00Z.',
    });
    expect(await refusal(`from=${to}&to=${from}`)).toEqual({
      status: 400,
      message: 'Must be after from.',
    });
    const far = new Date(SLOT + 32 * DAY).toISOString();
    expect(await refusal(`from=${from}&to=${far}`)).toEqual({
      status: 400,
      message: 'The as-run log is exported at most 31 days at a time.',
    });
    // A guest is asked to sign in; another station, and a superuser, find no such channel.
    expect((await refusal(`from=${from}&to=${to}`, '')).status).toBe(401);
    const other = await signUpOwner(server);
    expect((await refusal(`from=${from}&to=${to}`, other.pb.authStore.token)).status).toBe(404);
    const root = await superuser(server);
    expect((await refusal(`from=${from}&to=${to}`, root.authStore.token)).status).toBe(404);
    // Nor does the records API show them another station's log; nobody writes it but the server.
    expect(await log(other.pb)).toEqual([]);
    const entry = (await log()).at(-1);
    await expect(
      owner.pb.collection('asRun').update(entry?.id ?? '', { end: '2031-01-07 00:00:00.000Z' }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('airs every XMLTV programme of a week at its start: the guide and the air agree', async () => {
    const feed = await server.fetch(`/api/v1/feeds/${owner.organization.slug}/xmltv.xml?days=9`);
    expect(feed.status).toBe(200);
    const xml = await feed.text();
    // The station's one public channel (XMLTV names it by its slugs).
    expect([...xml.matchAll(/<channel id=/g)]).toHaveLength(1);
    const guide = [
      ...xml.matchAll(
        /<programme start="(\d{14}) ([+-]\d{4})" stop="(\d{14}) ([+-]\d{4})" channel="([^"]+)">\s*<title>([^<]*)<\/title>/g,
      ),
    ].map((match) => ({
      start: xmltvInstant(match[1] ?? '', match[2] ?? ''),
      stop: xmltvInstant(match[3] ?? '', match[4] ?? ''),
      title: match[6] ?? '',
    }));
    expect(guide).toHaveLength(21);

    // The week on air, recorded half a day at a time.
    for (let at = SLOT + 12 * HOUR; at <= SLOT + 7 * DAY; at += 12 * HOUR) await recordAt(at);
    // Read with the owner's token as it stands (a week on, it would have expired).
    now = SLOT + 3 * MINUTE;
    const all = await log();
    const aired = all.filter((entry) => entry.kind === 'programme');
    expect(aired).toHaveLength(21);
    for (const programme of guide) {
      const airing = aired.filter(
        (entry) => ms(entry.start) >= programme.start && ms(entry.start) < programme.stop,
      );
      // One item, from the first second of the programme, within it, with the guide's title.
      expect(airing).toHaveLength(1);
      expect(ms(airing[0]?.start ?? '')).toBe(programme.start);
      expect(ms(airing[0]?.end ?? '')).toBeLessThanOrEqual(programme.stop);
      expect(airing[0]?.title).toBe(programme.title);
      expect(airing[0]?.offsetSec).toBe(0);
    }
    // The log has no hole: each entry ends where the next begins.
    for (let i = 1; i < all.length; i++) expect(all[i]?.start).toBe(all[i - 1]?.end);
    expect(ms(all.at(-1)?.end ?? '')).toBe(SLOT + 7 * DAY);
  }, 120_000);
});

/** An XMLTV time, `20310106070000 -0500`, as epoch ms. */
function xmltvInstant(time: string, offset: string): number {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) =>
    Number(time.slice(at, i === 0 ? 4 : at + 2)),
  );
  const sign = offset.startsWith('-') ? -1 : 1;
  const shift = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5))) * MINUTE;
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s) - shift;
}
