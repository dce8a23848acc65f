import {
  type AudienceEvent,
  type AudienceRow,
  FIVE_MINUTES_MS,
  HOUR_MS,
  rollUp,
} from '@airgrid/domain';
import type { AudienceNowRecord } from '@airgrid/schema';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createChannel,
  createShow,
  createTimeslot,
  signUpOwner,
  superuser,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Audience measurement on both databases (issue 41 items 1, 2 and 5; decision 0052): beacons
// over HTTP as a page sends them, attribution across a programme boundary and the March DST
// change in New York, a playout channel attributed from its as-run log (a spot included), the
// rollups against the raw events, viewers now, what is refused, what is never stored, and the
// retention. The clock is the test's; buffers and rollups are run by the test.

// The SDK's realtime needs an EventSource (Node has none).
(globalThis as { EventSource?: unknown }).EventSource = EventSource;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Sunday 9 March 2031, 06:00 UTC = 01:00 EST; at 07:00 UTC New York moves to 03:00 EDT. */
const DST = Date.UTC(2031, 2, 9, 6, 0, 0);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AnalyticsProbe/1.0';
const ADDRESS = '198.51.100.23';

let now = DST;
let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let rival: Awaited<ReturnType<typeof signUpOwner>>;
let channel = '';
let playoutChannel = '';
let privateChannel = '';
let rivalChannel = '';
let embed = '';
let openEmbed = '';
let rivalEmbed = '';
const shows = { news: '', arts: '', late: '' };
let ad = '';

/** A session id as a page makes one (22 characters of base64url). */
const session = (name: string) => `${name}-${'x'.repeat(22)}`.slice(0, 22);

/** Posts a beacon as navigator.sendBeacon does (text/plain JSON); answers the status. */
async function beacon(body: unknown, ip = ADDRESS): Promise<number> {
  const response = await server.fetch('/api/v1/analytics/beacons', {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'x-forwarded-for': ip,
      'user-agent': UA,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return response.status;
}

/** Sets the clock and posts a beacon then. */
async function at(instant: number, body: Record<string, unknown>, ip = ADDRESS) {
  now = instant;
  expect(await beacon(body, ip)).toBe(204);
}

async function rawEvents(from = 0, to = Number.MAX_SAFE_INTEGER): Promise<AudienceEvent[]> {
  await server.app.analytics.flush();
  const rows = await server.database.db
    .selectFrom('_analytics_events')
    .selectAll()
    .where('at', '>=', from)
    .where('at', '<', to)
    .execute();
  return rows.map((row) => ({
    ...row,
    at: Number(row.at),
    kind: row.kind as AudienceEvent['kind'],
  }));
}

async function rollupRows(table: '_analytics_5m' | '_analytics_1h', from: number, to: number) {
  const rows = await server.database.db
    .selectFrom(table)
    .selectAll()
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .execute();
  return rows.map((row) => ({ ...row, bucket: Number(row.bucket) }));
}

const order = (rows: readonly AudienceRow[]) =>
  [...rows]
    .map((row) => ({ ...row }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

async function audience(query: Record<string, string>, pb = owner.pb) {
  return pb.send('/api/v1/analytics/audience', { query });
}

const isoOf = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  server = await startTestServer({
    clock: { now: () => now },
    // The limit low enough to reach; the buffer written by the test.
    analytics: { perAddressPerMinute: 40, flushEveryMs: 3_600_000 },
    env: { TRUST_PROXY: 'true', LOGS_IP: 'true' },
  });
  owner = await signUpOwner(server, { timeZone: 'America/New_York' });
  rival = await signUpOwner(server);
  const org = owner.organization.id;
  shows.news = (await createShow(owner.pb, org, { title: 'Night news' })).id;
  shows.arts = (await createShow(owner.pb, org, { title: 'Arts after dark' })).id;
  shows.late = (await createShow(owner.pb, org, { title: 'Late film' })).id;
  channel = (await createChannel(owner.pb, org, { public: true, timeZone: 'America/New_York' })).id;
  // The news from 01:30 EST to 03:30 EDT (one hour: the clock skips 02:00–03:00), then the arts.
  await createTimeslot(owner.pb, org, {
    channel,
    show: shows.news,
    start: '2031-03-09 06:30:00.000Z',
    durationSec: 3600,
  });
  await createTimeslot(owner.pb, org, {
    channel,
    show: shows.arts,
    start: '2031-03-09 07:30:00.000Z',
    durationSec: 3600,
  });
  privateChannel = (await createChannel(owner.pb, org, { public: false })).id;
  rivalChannel = (await createChannel(rival.pb, rival.organization.id, { public: false })).id;
  embed = (
    await owner.pb.collection('embeds').create({
      organization: org,
      name: 'Player on our site',
      kind: 'player',
      channels: [channel],
      allowedOrigins: ['https://www.station.example', 'https://*.partner.example'],
    })
  ).id;
  openEmbed = (
    await owner.pb.collection('embeds').create({
      organization: org,
      name: 'Player anywhere',
      kind: 'player',
      channels: [channel],
    })
  ).id;
  rivalEmbed = (
    await rival.pb.collection('embeds').create({
      organization: rival.organization.id,
      name: 'Rival player',
      kind: 'player',
      channels: [rivalChannel],
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('beacons and attribution', () => {
  it('attributes each beat to the programme on air at its instant, across the DST change and a programme boundary', async () => {
    const s = session('dst');
    await at(DST + 59 * MINUTE, { kind: 'start', session: s, channel }); // 01:59 EST: news
    await at(DST + 59 * MINUTE + 30_000, { kind: 'beat', session: s, channel }); // 01:59:30 EST
    await at(DST + 60 * MINUTE, { kind: 'beat', session: s, channel }); // 03:00 EDT
    await at(DST + 89 * MINUTE + 40_000, { kind: 'beat', session: s, channel }); // 03:29:40 news
    await at(DST + 90 * MINUTE + 10_000, { kind: 'beat', session: s, channel }); // 03:30:10 arts
    await at(DST + 90 * MINUTE + 20_000, { kind: 'end', session: s, channel });
    const events = (await rawEvents()).filter((event) => event.session === s);
    expect(events.map((event) => [event.kind, event.show, event.at - DST])).toEqual([
      ['start', shows.news, 59 * MINUTE],
      ['beat', shows.news, 59 * MINUTE + 30_000],
      ['beat', shows.news, 60 * MINUTE],
      ['beat', shows.news, 89 * MINUTE + 40_000],
      ['beat', shows.arts, 90 * MINUTE + 10_000],
      ['end', '', 90 * MINUTE + 20_000],
    ]);
    expect(events.every((event) => event.organization === owner.organization.id)).toBe(true);
  });

  it('keeps the player widget’s embed and its site’s origin', async () => {
    const s = session('widget');
    await at(DST + 95 * MINUTE, {
      kind: 'start',
      session: s,
      channel,
      embed,
      origin: 'https://News.Partner.Example/page?x=1',
    });
    await at(DST + 95 * MINUTE + 30_000, {
      kind: 'beat',
      session: s,
      channel,
      embed,
      origin: 'https://news.partner.example',
    });
    const events = (await rawEvents()).filter((event) => event.session === s);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      embed,
      origin: 'https://news.partner.example',
      show: shows.arts,
    });
  });

  it('answers 204 to bad beacons and counts none of them', async () => {
    const before = (await rawEvents()).length;
    now = DST + 100 * MINUTE;
    const s = session('bad');
    const refused = [
      { kind: 'start', session: s, channel: privateChannel }, // not public
      { kind: 'start', session: s, channel: rivalChannel }, // another station's, private
      { kind: 'start', session: s, channel: 'abcdefghijklmno' }, // no such channel
      { kind: 'start', session: 'short', channel }, // not a session id
      { kind: 'start', session: `${s}<script>`, channel },
      { kind: 'watch', session: s, channel }, // no such kind
      { kind: 'start', session: s, channel, embed: rivalEmbed, origin: 'https://a.example' },
      { kind: 'start', session: s, channel, embed: 'zzzzzzzzzzzzzzz' }, // forged embed
      { kind: 'start', session: s, channel, embed, origin: 'https://evil.example' }, // not allowed
      { kind: 'start', session: s, channel, embed }, // no origin, and the embed lists some
      {},
    ];
    for (const body of refused) expect(await beacon(body), JSON.stringify(body)).toBe(204);
    expect(await rawEvents()).toHaveLength(before);
    // Unreadable bodies are the only 400s.
    expect(await beacon('{not json')).toBe(400);
    expect(await beacon('[1,2]')).toBe(400);
    expect(await beacon({ kind: 7, session: s, channel })).toBe(400);
    // A widget that lists no origins counts any site.
    expect(
      await beacon({ kind: 'start', session: s, channel, embed: openEmbed, origin: 'file:///x' }),
    ).toBe(204);
    expect(await rawEvents()).toHaveLength(before + 1);
  });

  it('ignores replayed beats, second starts and second ends of a session', async () => {
    const s = session('replay');
    const t = DST + 110 * MINUTE;
    await at(t, { kind: 'start', session: s, channel });
    await at(t + 1000, { kind: 'start', session: s, channel });
    await at(t + 30_000, { kind: 'beat', session: s, channel });
    await at(t + 30_000, { kind: 'beat', session: s, channel }); // replayed
    await at(t + 40_000, { kind: 'beat', session: s, channel }); // 10 s later
    await at(t + 60_000, { kind: 'beat', session: s, channel }); // 30 s later: counts
    await at(t + 61_000, { kind: 'end', session: s, channel });
    await at(t + 62_000, { kind: 'end', session: s, channel });
    const events = (await rawEvents()).filter((event) => event.session === s);
    expect(events.map((event) => event.kind)).toEqual(['start', 'beat', 'beat', 'end']);
  });

  it('throttles a flood from one address while another address is counted', async () => {
    now = DST + 115 * MINUTE;
    const before = (await rawEvents()).length;
    const flood = '203.0.113.66';
    for (let i = 0; i < 60; i++) {
      expect(await beacon({ kind: 'start', session: session(`flood${i}`), channel }, flood)).toBe(
        204,
      );
    }
    expect(
      await beacon({ kind: 'start', session: session('neighbour'), channel }, '192.0.2.10'),
    ).toBe(204);
    const events = (await rawEvents()).slice(before);
    expect(events.filter((event) => event.session.startsWith('flood'))).toHaveLength(40);
    expect(events.some((event) => event.session === session('neighbour'))).toBe(true);
  });
});

describe('attribution from the as-run log', () => {
  it('attributes a playout channel’s events to what aired, a spot in a programme’s break included', async () => {
    const org = owner.organization.id;
    playoutChannel = (
      await createChannel(owner.pb, org, {
        public: true,
        source: 'playout',
        playoutProfile: '480p30',
        timeZone: 'America/New_York',
      })
    ).id;
    const t = DST + 3 * HOUR_MS; // 09:00 UTC
    const slot = await createTimeslot(owner.pb, org, {
      channel: playoutChannel,
      show: shows.late,
      start: new Date(t).toISOString().replace('T', ' '),
      durationSec: 1800,
    });
    ad = (await owner.pb.collection('ads').create({ organization: org, title: 'Bakery spot' })).id;
    // What aired: the film for 2 minutes, a 30-second spot in its break, the film again.
    const root = await superuser(server);
    const entry = (fields: Record<string, unknown>, from: number, to: number) =>
      root.collection('asRun').create({
        organization: org,
        channel: playoutChannel,
        package: 'pkg000000000000',
        start: isoOf(from).replace('T', ' '),
        end: isoOf(to).replace('T', ' '),
        ...fields,
      });
    await entry({ kind: 'programme', show: shows.late, timeslot: slot.id }, t, t + 2 * MINUTE);
    await entry({ kind: 'spot', ad, timeslot: slot.id }, t + 2 * MINUTE, t + 2 * MINUTE + 30_000);
    await entry(
      { kind: 'programme', show: shows.late, timeslot: slot.id, offsetSec: 120 },
      t + 2 * MINUTE + 30_000,
      t + 30 * MINUTE,
    );
    const s = session('playout');
    await at(t + 60_000, { kind: 'start', session: s, channel: playoutChannel });
    await at(t + 90_000, { kind: 'beat', session: s, channel: playoutChannel });
    await at(t + 2 * MINUTE + 10_000, { kind: 'beat', session: s, channel: playoutChannel });
    await at(t + 2 * MINUTE + 40_000, { kind: 'beat', session: s, channel: playoutChannel });
    now = t + 10 * MINUTE;
    await server.app.analytics.flush();
    await server.app.analytics.rollUp(now);
    const events = (await rawEvents()).filter((event) => event.session === s);
    expect(events.map((event) => [event.show, event.ad])).toEqual([
      [shows.late, ''],
      [shows.late, ''],
      [shows.late, ad],
      [shows.late, ''],
    ]);
    const spots = await audience({ from: isoOf(t), to: isoOf(t + HOUR_MS), by: 'ad' });
    expect(spots.groups).toContainEqual(
      expect.objectContaining({ key: ad, label: 'Bakery spot', watchSeconds: 30, views: 0 }),
    );
  });
});

describe('rollups', () => {
  it('equal the raw events’ sums, per five minutes and per hour, and run twice the same', async () => {
    // Forty sessions over two hours on two channels and the widget, from a fixed sequence.
    let seed = 41;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const start = DST + 4 * HOUR_MS; // 10:00 UTC
    type Planned = { at: number; body: Record<string, unknown>; ip: string };
    const planned: Planned[] = [];
    for (let i = 0; i < 40; i++) {
      const s = session(`sum${i}`);
      const target =
        i % 3 === 0
          ? { channel: playoutChannel }
          : i % 3 === 1
            ? { channel }
            : { channel, embed: openEmbed, origin: `https://site${i % 4}.example` };
      const first = start + Math.floor(random() * 100) * MINUTE;
      const beats = Math.floor(random() * 30);
      const ip = `10.1.${i}.1`;
      planned.push({ at: first, body: { kind: 'start', session: s, ...target }, ip });
      for (let b = 1; b <= beats; b++)
        planned.push({ at: first + b * 30_000, body: { kind: 'beat', session: s, ...target }, ip });
      if (random() < 0.5)
        planned.push({
          at: first + beats * 30_000 + 5000,
          body: { kind: 'end', session: s, ...target },
          ip,
        });
    }
    planned.sort((a, b) => a.at - b.at);
    for (const { at: instant, body, ip } of planned) {
      now = instant;
      // Half through HTTP, half straight into the ingest (the same code after the route).
      if (Number.parseInt(String(body.session).slice(3), 10) % 2 === 0)
        expect(await beacon(body, ip)).toBe(204);
      else expect(await server.app.analytics.take(body, ip)).toBe('taken');
    }
    const end = start + 4 * HOUR_MS;
    now = end + 10 * MINUTE;
    await server.app.analytics.flush();
    await server.app.analytics.rollUp(now);
    const raw = await rawEvents(start, end);
    expect(raw.length).toBeGreaterThan(200);
    for (const [table, size] of [
      ['_analytics_5m', FIVE_MINUTES_MS],
      ['_analytics_1h', HOUR_MS],
    ] as const) {
      const expected = rollUp(raw, size, 30);
      expect(order(await rollupRows(table, start, end)), table).toEqual(order(expected));
    }
    // A second rollup of the same buckets writes the same rows.
    await server.database.db.updateTable('_analytics_state').set({ next: start }).execute();
    await server.app.analytics.rollUp(now);
    expect(order(await rollupRows('_analytics_5m', start, end))).toEqual(
      order(rollUp(raw, FIVE_MINUTES_MS, 30)),
    );
    // The report over the window: totals are the raw sums.
    const report = await audience({ from: isoOf(start), to: isoOf(end), by: 'channel' });
    const views = raw.filter((event) => event.kind === 'start').length;
    expect(report).toMatchObject({ grain: '5m', total: { views } });
    const watch = rollUp(raw, FIVE_MINUTES_MS, 30).reduce((sum, row) => sum + row.watchSeconds, 0);
    expect(report.total.watchSeconds).toBe(watch);
    expect(report.groups.map((group: { key: string }) => group.key).sort()).toEqual(
      [channel, playoutChannel].sort(),
    );
  }, 120_000);

  it('reports by show, by hour in the station’s zone across the DST change, and by origin', async () => {
    now = DST + 3 * HOUR_MS;
    await server.app.analytics.rollUp(now);
    const from = isoOf(DST);
    const to = isoOf(DST + 2 * HOUR_MS);
    const byShow = await audience({ from, to, by: 'show' });
    const news = byShow.groups.find((group: { key: string }) => group.key === shows.news);
    expect(news).toMatchObject({ label: 'Night news', views: 1, watchSeconds: 90 });
    const byHour = await audience({ from, to, by: 'hour' });
    const hours = byHour.groups.map((group: { key: string }) => group.key);
    expect(hours).toContain('01');
    expect(hours).toContain('03');
    expect(hours).not.toContain('02');
    expect(byHour.timeZone).toBe('America/New_York');
    // The heatmap's cells: the same hours on their weekday (the change is on a Sunday, 7).
    const cells = (await audience({ from, to, by: 'weekday-hour' })).groups.map(
      (group: { key: string }) => group.key,
    );
    expect(cells).toEqual(hours.map((hour: string) => `7-${hour}`));
    const byOrigin = await audience({ from, to, by: 'origin' });
    expect(byOrigin.groups.map((group: { key: string }) => group.key)).toContain(
      'https://news.partner.example',
    );
    // A long window reads the hourly rollups.
    expect(
      await audience({ from: isoOf(DST - 5 * DAY), to: isoOf(DST + DAY), by: 'day' }),
    ).toMatchObject({ grain: '1h' });
  });

  it('is the station’s own and refuses bad windows with a clear message', async () => {
    const from = isoOf(DST);
    const to = isoOf(DST + 6 * HOUR_MS);
    const theirs = await audience({ from, to, by: 'channel' }, rival.pb);
    expect(theirs.groups).toEqual([]);
    expect(theirs.total.views).toBe(0);
    const guest = await server.fetch(`/api/v1/analytics/audience?from=${from}&to=${to}`);
    expect(guest.status).toBe(401);
    const bad = await owner.pb
      .send('/api/v1/analytics/audience', { query: { from: to, to: from } })
      .catch((error: { status: number; response: { message: string } }) => error);
    expect(bad).toMatchObject({ status: 400, response: { message: 'Must be after from.' } });
    const long = await owner.pb
      .send('/api/v1/analytics/audience', {
        query: { from, to: isoOf(DST + 400 * DAY), by: 'show' },
      })
      .catch((error: { status: number; response: { message: string } }) => error);
    expect(long).toMatchObject({
      status: 400,
      response: { message: 'The audience is reported at most 366 days at a time.' },
    });
    const by = await owner.pb
      .send('/api/v1/analytics/audience', { query: { from, to, by: 'user' } })
      .catch((error: { status: number }) => error);
    expect(by).toMatchObject({ status: 400 });
  });
});

describe('viewers now', () => {
  it('counts sessions with a beat in the last minute and tells the station through realtime', async () => {
    const t = DST + 9 * HOUR_MS;
    const heard: AudienceNowRecord[] = [];
    const unsubscribe = await owner.pb
      .collection('audienceNow')
      .subscribe<AudienceNowRecord>('*', (event) => heard.push(event.record));
    for (const name of ['now1', 'now2', 'now3']) {
      await at(t, { kind: 'start', session: session(name), channel });
    }
    await at(t + 30_000, { kind: 'beat', session: session('now1'), channel });
    await at(t + 31_000, { kind: 'end', session: session('now2'), channel });
    now = t + 40_000;
    // (The 15-second run may publish first on its own: either way the station hears it.)
    await server.app.analytics.publishNow(now);
    await vi.waitFor(
      () =>
        expect(heard.some((record) => record.channel === channel && record.viewers === 2)).toBe(
          true,
        ),
      { timeout: 10_000, interval: 100 },
    );
    await unsubscribe();
    const reply = await owner.pb.send('/api/v1/analytics/now', {});
    expect(reply.channels).toContainEqual(expect.objectContaining({ id: channel, viewers: 2 }));
    // Another station sees neither the records nor the counts.
    expect(await rival.pb.collection('audienceNow').getFullList()).toEqual([]);
    const theirs = await rival.pb.send('/api/v1/analytics/now', {});
    expect(theirs.channels.map((row: { id: string }) => row.id)).not.toContain(channel);
    // A minute and a half later nobody is watching: the record says 0.
    now = t + 100_000;
    await server.app.analytics.publishNow(now);
    const [record] = await owner.pb
      .collection('audienceNow')
      .getFullList<AudienceNowRecord>({ filter: `channel = "${channel}"` });
    expect(record?.viewers).toBe(0);
  });
});

describe('privacy', () => {
  it('stores no address and no user agent anywhere, and logs the beacons without an address', async () => {
    await server.app.analytics.flush();
    const dump = JSON.stringify([
      await server.database.db.selectFrom('_analytics_events').selectAll().execute(),
      await server.database.db.selectFrom('_analytics_5m').selectAll().execute(),
      await server.database.db.selectFrom('_analytics_1h').selectAll().execute(),
      await server.database.db.selectFrom('audienceNow').selectAll().execute(),
    ]);
    for (const secret of [
      ADDRESS,
      '203.0.113.66',
      '192.0.2.10',
      '10.1.',
      '127.0.0.1',
      'Mozilla',
      'AnalyticsProbe',
    ])
      expect(dump, secret).not.toContain(secret);
    const [event] = await server.database.db
      .selectFrom('_analytics_events')
      .selectAll()
      .limit(1)
      .execute();
    expect(Object.keys(event ?? {}).sort()).toEqual([
      'ad',
      'at',
      'channel',
      'embed',
      'kind',
      'organization',
      'origin',
      'session',
      'show',
    ]);
    // The request log (LOGS_IP on) keeps addresses, but not the beacons'.
    await vi.waitFor(
      async () => {
        const lines = await server.database.db.selectFrom('_logs').select('data').execute();
        const beacons = lines.filter((line) =>
          JSON.stringify(line.data).includes('/analytics/beacons'),
        );
        expect(beacons.length).toBeGreaterThan(0);
        const logged = JSON.stringify(beacons);
        expect(logged).not.toContain('userIP');
        expect(logged).not.toContain(ADDRESS);
        expect(JSON.stringify(lines)).toContain('userIP');
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});

describe('retention', () => {
  it('drops raw events after 30 days and five-minute rows after 90; hourly rows stay', async () => {
    const first = DST;
    now = first + 31 * DAY;
    await server.app.analytics.rollUp(now);
    expect(await rawEvents(0, first + DAY)).toEqual([]);
    expect((await rollupRows('_analytics_5m', 0, first + DAY)).length).toBeGreaterThan(0);
    // A station deleted since: its hourly rows go with the next hourly rollup.
    const gone = {
      bucket: first,
      organization: 'gonestation0000',
      channel: 'gonechannel0000',
      show: '',
      ad: '',
      embed: '',
      origin: '',
      views: 1,
      watchSeconds: 30,
      sessions: 1,
      peak: 1,
    };
    await server.database.db.insertInto('_analytics_1h').values(gone).execute();
    now = first + 92 * DAY;
    expect((await server.app.analytics.rollUp(now)).hourly).toBeGreaterThan(0);
    expect(await rollupRows('_analytics_5m', 0, first + DAY)).toEqual([]);
    const hourly = await rollupRows('_analytics_1h', 0, first + DAY);
    expect(hourly.length).toBeGreaterThan(0);
    expect(hourly.every((row) => row.organization === owner.organization.id)).toBe(true);
  }, 120_000);
});
