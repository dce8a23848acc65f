import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { FEEDS_PATH } from './feed-routes.js';

// The feeds through a real server on both databases, on a clock the tests set: the whole server
// runs on it, so windows sit across the DST changes of 2026-11-01 and 2027-03-14 whatever today
// is, and records are dated by it too.

const APP_URL = 'https://tv.example.org';
/** The XMLTV project's DTD, kept beside the repository (CI has it too). */
const DTD = fileURLToPath(new URL('../../../../../../shared/fixtures/xmltv.dtd', import.meta.url));
const XMLLINT = '/usr/bin/xmllint';
/** A 1×1 PNG, for a channel logo and a show thumbnail. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The server's clock: real time moved by `shift`, so it still ticks between writes. */
let shift = 0;
const clock = { now: () => Date.now() + shift };
/** Moves the server's clock to `instant` (it runs on from there). */
const setNow = (instant: string) => {
  shift = Date.parse(instant) - Date.now();
};
setNow('2026-10-31T16:00:00Z');
let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let rival: Awaited<ReturnType<typeof signUpOwner>>;
const ids = { main: '', india: '', private: '', archived: '', rival: '', show: '', council: '' };
const slugs = { main: '', india: '', private: '', archived: '' };
const slots: Record<string, string> = {};

async function addTimeslot(
  name: string,
  channel: string,
  start: string,
  durationSec: number,
  extra: Record<string, unknown> = {},
) {
  const record = await station.pb.collection('timeslots').create({
    organization: station.organization.id,
    channel,
    show: ids.show,
    start,
    durationSec,
    ...extra,
  });
  slots[name] = record.id;
  return record;
}

beforeAll(async () => {
  server = await startTestServer({ env: { APP_URL }, clock });
  station = await signUpOwner(server, { timeZone: 'America/New_York' });
  rival = await signUpOwner(server);
  const organization = station.organization.id;
  const pb = station.pb;
  const main = await createChannel(pb, organization, {
    name: 'RCTV <1> & "Friends"',
    number: 21,
    public: true,
    sortOrder: 1,
    timeZone: 'America/New_York',
    streamUrl: 'https://cdn.example.org/rctv1/index.m3u8',
    logo: new File([PNG], 'logo.png', { type: 'image/png' }),
  });
  const india = await createChannel(pb, organization, {
    name: 'Desi',
    public: true,
    sortOrder: 2,
    timeZone: 'Asia/Kolkata',
  });
  const hidden = await createChannel(pb, organization, { name: 'Studio Feed', public: false });
  const archived = await createChannel(pb, organization, {
    name: 'Old',
    public: true,
    archived: true,
  });
  Object.assign(ids, { main: main.id, india: india.id, private: hidden.id, archived: archived.id });
  Object.assign(slugs, {
    main: main.slug,
    india: india.slug,
    private: hidden.slug,
    archived: archived.slug,
  });
  ids.rival = (
    await createChannel(rival.pb, rival.organization.id, { name: 'Rival', public: true })
  ).id;

  const show = await pb.collection('shows').create({
    organization,
    title: 'Tom & Jerry <Live> "Special"',
    subtitle: "It's a chase",
    description: 'Line one;\nline two, with a comma.',
    category: 'Kids',
    rating: 'TV-PG',
    season: 2,
    episode: 1,
    durationSec: 3600,
    thumbnail: new File([PNG], 'still.png', { type: 'image/png' }),
  });
  ids.show = show.id;
  ids.council = (
    await pb
      .collection('shows')
      .create({ organization, title: 'Council Meeting', durationSec: 3600 })
  ).id;

  // Main channel (New York), around the fall-back of 2026-11-01 (06:00Z).
  await addTimeslot('weekAgo', ids.main, '2026-10-20 15:00:00.000Z', 3600);
  await addTimeslot('friday', ids.main, '2026-10-30 15:00:00.000Z', 3600);
  await addTimeslot('firstOneThirty', ids.main, '2026-11-01 05:00:00.000Z', 3600);
  await addTimeslot('secondOneThirty', ids.main, '2026-11-01 06:00:00.000Z', 3600);
  await addTimeslot('cancelled', ids.main, '2026-11-02 15:00:00.000Z', 3600, {
    status: 'cancelled',
  });
  await addTimeslot('council', ids.main, '2026-11-03 15:00:00.000Z', 1800, { show: ids.council });
  await addTimeslot('lastDay', ids.main, '2026-11-13 15:00:00.000Z', 3600);
  await addTimeslot('afterWindow', ids.main, '2026-11-14 15:00:00.000Z', 3600);
  await addTimeslot('india', ids.india, '2026-11-01 12:00:00.000Z', 3600);
  await addTimeslot('private', ids.private, '2026-11-01 12:00:00.000Z', 3600);
  await addTimeslot('archived', ids.archived, '2026-11-01 12:00:00.000Z', 3600);
  const rivalShow = await rival.pb
    .collection('shows')
    .create({ organization: rival.organization.id, title: 'Rival Show' });
  await rival.pb.collection('timeslots').create({
    organization: rival.organization.id,
    channel: ids.rival,
    show: rivalShow.id,
    start: '2026-11-01 12:00:00.000Z',
    durationSec: 3600,
  });
});

afterAll(async () => {
  await server?.stop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await server.fetch(path, { headers });
  return { response, text: await response.text() };
}

const feedPath = (file: string, query = '') =>
  `${FEEDS_PATH}/${station.organization.slug}/${file}${query}`;

/** Runs xmllint against the DTD; fails with what is missing when the DTD or xmllint is absent. */
async function validateXmltv(xml: string): Promise<void> {
  if (!existsSync(DTD)) {
    throw new Error(
      `The XMLTV DTD is missing: expected the XMLTV project's xmltv.dtd at ${DTD} (../shared/fixtures/xmltv.dtd beside the repository).`,
    );
  }
  if (!existsSync(XMLLINT)) {
    throw new Error(
      `xmllint is missing: expected it at ${XMLLINT} (Debian package libxml2-utils), to validate the XMLTV feed against the DTD.`,
    );
  }
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>(
    (resolve, reject) => {
      const child = spawn(XMLLINT, ['--noout', '--dtdvalid', DTD, '-']);
      let output = '';
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      child.on('error', reject);
      child.on('close', (exitCode) => resolve({ code: exitCode, stderr: output }));
      child.stdin.end(xml);
    },
  );
  expect(stderr).toBe('');
  expect(code).toBe(0);
}

/** The programmes of an XMLTV document: attributes and raw child markup. */
function programmes(xml: string) {
  return [
    ...xml.matchAll(
      /<programme start="([^"]+)" stop="([^"]+)" channel="([^"]+)">([\s\S]*?)<\/programme>/g,
    ),
  ].map(([, start, stop, channel, body]) => ({
    start,
    stop,
    channel,
    body: body ?? '',
    title: /<title>(.*)<\/title>/.exec(body ?? '')?.[1],
  }));
}

function channelIds(xml: string): string[] {
  return [...xml.matchAll(/<channel id="([^"]+)">/g)].map((match) => match[1] ?? '');
}

describe('GET /api/v1/feeds/{organization}/xmltv.xml', () => {
  it('is valid against the XMLTV DTD, with public channels and explicit offsets', async () => {
    const { response, text } = await get(feedPath('xmltv.xml'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    await validateXmltv(text);

    const org = station.organization.slug;
    const mainId = `${slugs.main}.${org}.airgrid`;
    const indiaId = `${slugs.india}.${org}.airgrid`;
    expect(channelIds(text)).toEqual([mainId, indiaId]);
    expect(text).toContain(
      `  <channel id="${mainId}">\n` +
        '    <display-name>RCTV &lt;1&gt; &amp; &quot;Friends&quot;</display-name>\n' +
        '    <display-name>21</display-name>\n' +
        `    <icon src="${APP_URL}/api/files/channels/${ids.main}/`,
    );

    // Window: 2026-10-30 00:00 EDT to 2026-11-14 00:00 EST. Cancelled, private, archived and
    // other organizations' timeslots are absent. Programmes come grouped by channel (in the
    // order of channel record ids), by start within a channel.
    const list = programmes(text);
    const times = (channel: string) =>
      list.filter((p) => p.channel === channel).map((p) => [p.start, p.stop]);
    expect(times(mainId)).toEqual([
      ['20261030110000 -0400', '20261030120000 -0400'],
      ['20261101010000 -0400', '20261101010000 -0500'],
      ['20261101010000 -0500', '20261101020000 -0500'],
      ['20261103100000 -0500', '20261103103000 -0500'],
      ['20261113100000 -0500', '20261113110000 -0500'],
    ]);
    expect(times(indiaId)).toEqual([['20261101173000 +0530', '20261101183000 +0530']]);
    expect(list).toHaveLength(6);
    const groups = list.map((p) => p.channel).filter((c, i, all) => c !== all[i - 1]);
    expect(groups.sort()).toEqual([indiaId, mainId].sort());
    expect(text).not.toContain('Rival');
  });

  it('escapes titles and writes episode numbers, rating and the show thumbnail', async () => {
    const { text } = await get(feedPath('xmltv.xml'));
    const list = programmes(text);
    const friday = list.find((p) => p.start === '20261030110000 -0400');
    const council = list.find((p) => p.title === 'Council Meeting');
    expect(friday?.body).toBe(
      '\n' +
        '    <title>Tom &amp; Jerry &lt;Live&gt; &quot;Special&quot;</title>\n' +
        '    <sub-title>It&apos;s a chase</sub-title>\n' +
        '    <desc>Line one; line two, with a comma.</desc>\n' +
        '    <category>Kids</category>\n' +
        `    <icon src="${friday?.body.match(/<icon src="([^"]+)"/)?.[1]}"/>\n` +
        '    <episode-num system="xmltv_ns">1.0.0/1</episode-num>\n' +
        '    <episode-num system="onscreen">S02E01</episode-num>\n' +
        '    <rating system="VCHIP"><value>TV-PG</value></rating>\n  ',
    );
    expect(friday?.body).toMatch(
      new RegExp(`<icon src="${APP_URL}/api/files/shows/${ids.show}/still_\\w+\\.png"/>`),
    );
    expect(council?.body).toBe('\n    <title>Council Meeting</title>\n  ');
  });

  it('crosses the spring-forward with the offset changing mid-window', async () => {
    // Added first: the owner's token would have expired by March.
    await addTimeslot('beforeSpring', ids.main, '2027-03-14 06:00:00.000Z', 3600);
    await addTimeslot('afterSpring', ids.main, '2027-03-14 07:00:00.000Z', 3600);
    const before = shift;
    setNow('2027-03-13T16:00:00Z');
    try {
      const { text } = await get(feedPath('xmltv.xml', '?days=2'));
      await validateXmltv(text);
      expect(programmes(text).map((p) => [p.start, p.stop])).toEqual([
        ['20270314010000 -0500', '20270314030000 -0400'],
        ['20270314030000 -0400', '20270314040000 -0400'],
      ]);
    } finally {
      // Back to where it was, not to START: the clock never runs backwards on later writes.
      shift = before;
    }
  });

  it('takes the organization by id, and ?days= shortens the window', async () => {
    const { response, text } = await get(
      `${FEEDS_PATH}/${station.organization.id}/xmltv.xml?days=1`,
    );
    expect(response.status).toBe(200);
    // Yesterday (the 30th), today and tomorrow's first hours up to 2026-11-01 00:00 EDT.
    expect(programmes(text).map((p) => p.start)).toEqual(['20261030110000 -0400']);
  });

  it('refuses a wrong ?days= with a 400 naming the parameter', async () => {
    const message = 'The days parameter must be a whole number of days ahead, from 1 to 14.';
    for (const days of ['0', '15', 'abc', '1.5']) {
      const { response, text } = await get(feedPath('xmltv.xml', `?days=${days}`));
      expect(response.status).toBe(400);
      expect(JSON.parse(text)).toEqual({
        status: 400,
        message,
        data: { days: { code: 'validation_invalid_days', message } },
      });
    }
  });

  it('answers 404 with the error envelope for an unknown or archived organization', async () => {
    const notFound = {
      status: 404,
      message: 'No organization has that id or slug.',
      data: {},
    };
    const unknown = await get(`${FEEDS_PATH}/no-such-station/xmltv.xml`);
    expect(unknown.response.status).toBe(404);
    expect(JSON.parse(unknown.text)).toEqual(notFound);

    const closed = await signUpOwner(server);
    await closed.pb.collection('organizations').update(closed.organization.id, { archived: true });
    for (const file of ['xmltv.xml', 'channels.m3u', 'anything.ics']) {
      const archived = await get(`${FEEDS_PATH}/${closed.organization.slug}/${file}`);
      expect(archived.response.status).toBe(404);
      expect(JSON.parse(archived.text)).toEqual(notFound);
    }
  });

  it('serves the guide by slug', async () => {
    const { response, text } = await get(`${FEEDS_PATH}/${station.organization.slug}/xmltv.xml`);
    expect(response.status).toBe(200);
    await validateXmltv(text);
    expect(channelIds(text)).toHaveLength(2);
  });
});

describe('GET /api/v1/feeds/{organization}/channels.m3u', () => {
  it('lists the public channels with a stream, with tvg-ids equal to the XMLTV channel ids', async () => {
    const base = `${FEEDS_PATH}/${station.organization.slug}`;
    const { response, text } = await get(`${base}/channels.m3u`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/x-mpegurl; charset=utf-8');
    const xmltv = `${APP_URL}${base}/xmltv.xml`;
    const lines = text.split('\n');
    expect(lines[0]).toBe(`#EXTM3U url-tvg="${xmltv}" x-tvg-url="${xmltv}"`);

    const guide = (await get(`${base}/xmltv.xml`)).text;
    const tvgIds = [...text.matchAll(/tvg-id="([^"]+)"/g)].map((match) => match[1]);
    expect(tvgIds).toEqual([`${slugs.main}.${station.organization.slug}.airgrid`]);
    for (const id of tvgIds) expect(channelIds(guide)).toContain(id);

    expect(lines[1]).toMatch(
      new RegExp(
        `^#EXTINF:-1 tvg-id="[^"]+" tvg-chno="21" tvg-name="RCTV <1> & 'Friends'" tvg-logo="${APP_URL}/api/files/channels/${ids.main}/logo_\\w+\\.png" group-title="${station.organization.name}",RCTV <1> & "Friends"$`,
      ),
    );
    expect(lines.slice(2)).toEqual(['https://cdn.example.org/rctv1/index.m3u8', '']);
  });
});

describe('GET /api/v1/feeds/{organization}/{channel}.ics', () => {
  it('is a calendar a real parser reads, with the right instants across the fall-back', async () => {
    const { response, text } = await get(feedPath(`${slugs.main}.ics`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const root = new ICAL.Component(ICAL.parse(text));
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    expect(root.getFirstPropertyValue('prodid')).toBe('-//Airgrid//Airgrid feeds//EN');
    const zones = root.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['America/New_York']);
    for (const zone of zones) ICAL.TimezoneService.register(zone);
    try {
      const events = root.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
      const expected = ['friday', 'firstOneThirty', 'secondOneThirty', 'council', 'lastDay'];
      expect(events.map((event) => event.uid)).toEqual(
        expected.map((name) => `${slots[name]}@tv.example.org`),
      );
      expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual([
        '2026-10-30T15:00:00.000Z',
        '2026-11-01T05:00:00.000Z',
        '2026-11-01T06:00:00.000Z',
        '2026-11-03T15:00:00.000Z',
        '2026-11-13T15:00:00.000Z',
      ]);
      expect(events.map((event) => event.endDate.toJSDate().toISOString())).toEqual([
        '2026-10-30T16:00:00.000Z',
        '2026-11-01T06:00:00.000Z',
        '2026-11-01T07:00:00.000Z',
        '2026-11-03T15:30:00.000Z',
        '2026-11-13T16:00:00.000Z',
      ]);
      // Times outside the repeated hour keep the channel's zone.
      expect(events[0]?.startDate.zone.tzid).toBe('America/New_York');
      expect(events[0]?.summary).toBe('Tom & Jerry <Live> "Special"');
      expect(events[0]?.description).toBe(
        "It's a chase\nS02E01\nLine one;\nline two, with a comma.",
      );
      expect(events[0]?.location).toBe('RCTV <1> & "Friends"');
      for (const event of root.getAllSubcomponents('vevent')) {
        expect(String(event.getFirstPropertyValue('dtstamp'))).toMatch(/Z$/);
      }
    } finally {
      ICAL.TimezoneService.reset();
    }
    expect(text).toContain('X-WR-CALNAME:RCTV <1> & "Friends" (');
    expect(text).toContain('DTSTART;TZID=America/New_York:20261030T110000\r\n');
  });

  it("uses the channel's own zone", async () => {
    const { text } = await get(feedPath(`${slugs.india}.ics`));
    expect(text).toContain('TZID:Asia/Kolkata');
    expect(text).toContain('DTSTART;TZID=Asia/Kolkata:20261101T173000\r\n');
  });

  it('answers 404 for a private, archived, unknown or other organization’s channel', async () => {
    const org = station.organization.slug;
    for (const path of [
      `${FEEDS_PATH}/${org}/${slugs.private}.ics`,
      `${FEEDS_PATH}/${org}/${slugs.archived}.ics`,
      `${FEEDS_PATH}/${org}/no-such-channel.ics`,
      `${FEEDS_PATH}/${rival.organization.slug}/${slugs.main}.ics`,
    ]) {
      const { response, text } = await get(path);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(text)).toEqual({
        status: 404,
        message: 'The organization has no public channel with that slug.',
        data: {},
      });
    }
    const other = await get(`${FEEDS_PATH}/${org}/${slugs.main}.txt`);
    expect(other.response.status).toBe(404);
    expect(JSON.parse(other.text).status).toBe(404);
  });
});

describe('ETag and Last-Modified', () => {
  async function validators(path: string) {
    const { response } = await get(path);
    expect(response.status).toBe(200);
    return {
      etag: response.headers.get('etag') ?? '',
      lastModified: response.headers.get('last-modified') ?? '',
      cacheControl: response.headers.get('cache-control'),
    };
  }

  async function expectNotModified(path: string, headers: Record<string, string>) {
    const { response, text } = await get(path, headers);
    expect(response.status).toBe(304);
    expect(text).toBe('');
  }

  it('answers 304 to a client whose copy is current, for every feed', async () => {
    for (const path of [
      feedPath('xmltv.xml'),
      feedPath('channels.m3u'),
      feedPath(`${slugs.main}.ics`),
    ]) {
      const first = await validators(path);
      expect(first.etag).toMatch(/^W\/".+"$/);
      expect(new Date(first.lastModified).toUTCString()).toBe(first.lastModified);
      expect(first.cacheControl).toBe('public, max-age=300, stale-while-revalidate=600');
      await expectNotModified(path, { 'If-None-Match': first.etag });
      await expectNotModified(path, { 'If-Modified-Since': first.lastModified });
    }
  });

  it('gives a new ETag after a timeslot is created, updated, cancelled or deleted', async () => {
    const path = feedPath('xmltv.xml');
    const etags: string[] = [];
    const step = async () => {
      const { etag } = await validators(path);
      expect(etag).not.toBe(etags.at(-1));
      etags.push(etag);
      return etag;
    };
    const before = await step();
    const beforeBody = (await get(path)).text;
    const created = await addTimeslot('extra', ids.main, '2026-11-05 15:00:00.000Z', 1800);
    await step();
    const stale = await get(path, { 'If-None-Match': before });
    expect(stale.response.status).toBe(200);
    expect(stale.text).toContain('20261105100000 -0500');

    const timeslots = station.pb.collection('timeslots');
    await timeslots.update(created.id, { durationSec: 3600 });
    await step();
    await timeslots.update(created.id, { status: 'cancelled' });
    await step();
    await timeslots.update(created.id, { status: 'scheduled' });
    const beforeDelete = await step();
    await timeslots.delete(created.id);
    await step();
    expect((await get(path, { 'If-None-Match': beforeDelete })).response.status).toBe(200);
    // Deleting the one timeslot added brings back the first feed exactly, under a new tag (the
    // deletion is dated, for Last-Modified).
    expect((await get(path)).text).toBe(beforeBody);
    expect(new Set(etags).size).toBe(etags.length);
  });

  it('raises Last-Modified when a timeslot is deleted, for clients that send only If-Modified-Since', async () => {
    const path = `${FEEDS_PATH}/${station.organization.slug}/xmltv.xml`;
    const without = (await get(path)).text;
    const start = new Date(clock.now() + 3_600_000).toISOString().replace('T', ' ');
    const created = await addTimeslot('doomed', ids.main, start, 1800);
    expect((await get(path)).text).not.toBe(without);
    const withIt = await validators(path);
    await expectNotModified(path, { 'If-Modified-Since': withIt.lastModified });
    // HTTP dates are whole seconds: delete in a later one.
    shift += 1000;
    await station.pb.collection('timeslots').delete(created.id);
    const { response, text } = await get(path, { 'If-Modified-Since': withIt.lastModified });
    expect(response.status).toBe(200);
    expect(Date.parse(response.headers.get('last-modified') ?? '')).toBeGreaterThan(
      Date.parse(withIt.lastModified),
    );
    expect(text).toBe(without);
  });

  it('gives the M3U a new ETag when a channel changes', async () => {
    const path = feedPath('channels.m3u');
    const before = await validators(path);
    await station.pb.collection('channels').update(ids.india, { number: 7 });
    const after = await validators(path);
    expect(after.etag).not.toBe(before.etag);
    expect((await get(path, { 'If-None-Match': before.etag })).response.status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await server.fetch(feedPath('xmltv.xml'), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^W\//);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await response.text()).toBe('');
  });
});
