import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { GuideResponse } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, createShow, createTimeslot, signUpOwner } from '../../test/sdk.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/test-database.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// The cached public reads through a real server on both databases: built once per change,
// fresh the moment an edit commits, answered 304 from memory, compressed once, and never
// showing a private channel to the public.

/** The server's clock: real time moved by `shift`, so feed windows can be carried past midnight. */
let shift = 0;
const clock = { now: () => Date.now() + shift };

let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
const ids = { public: '', private: '', show: '' };
const FROM = '2026-12-01T05:00:00Z';
const TO = '2026-12-02T05:00:00Z';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, still encoded. */
  body: Buffer;
}

/** A GET whose body is not decoded (fetch would undo the compression this file checks). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

function decode({ headers, body }: RawResponse): string {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

const guidePath = (organization: string) =>
  `/api/v1/guide?organization=${organization}&from=${FROM}&to=${TO}`;

async function publicGuide(base = server.url): Promise<GuideResponse> {
  const response = await rawGet(`${base}${guidePath(station.organization.slug)}`, {
    'accept-encoding': 'br, gzip',
  });
  expect(response.status).toBe(200);
  return JSON.parse(decode(response)) as GuideResponse;
}

const titles = (guide: GuideResponse) => guide.timeslots.map((timeslot) => timeslot.show.title);

beforeAll(async () => {
  shift = Date.parse('2026-12-01T12:00:00Z') - Date.now();
  server = await startTestServer({ clock });
  station = await signUpOwner(server, { timeZone: 'UTC' });
  const organization = station.organization.id;
  ids.public = (
    await createChannel(station.pb, organization, { name: 'Public One', public: true })
  ).id;
  ids.private = (await createChannel(station.pb, organization, { name: 'Studio Only' })).id;
  ids.show = (await createShow(station.pb, organization, { title: 'Council' })).id;
  for (const channel of [ids.public, ids.private]) {
    await createTimeslot(station.pb, organization, {
      channel,
      show: ids.show,
      start: '2026-12-01 12:00:00.000Z',
      durationSec: 1800,
    });
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('the public guide', () => {
  it('shows an edit on the very next read after it was cached', async () => {
    expect(titles(await publicGuide())).toEqual(['Council']);
    expect(titles(await publicGuide())).toEqual(['Council']);
    await station.pb.collection('shows').update(ids.show, { title: 'Council, live' });
    expect(titles(await publicGuide())).toEqual(['Council, live']);
    await station.pb.collection('timeslots').create({
      organization: station.organization.id,
      channel: ids.public,
      show: ids.show,
      start: '2026-12-01 13:00:00.000Z',
      durationSec: 900,
    });
    expect(titles(await publicGuide())).toEqual(['Council, live', 'Council, live']);
  });

  it('answers 304 to the ETag it gave, until the organization changes', async () => {
    const url = `${server.url}${guidePath(station.organization.slug)}`;
    const first = await rawGet(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=15, stale-while-revalidate=60');
    const again = await rawGet(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    await station.pb.collection('channels').update(ids.public, { name: 'Public One HD' });
    const after = await rawGet(url, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(decode(after)).toContain('Public One HD');
  });

  it('never shows a private channel to the public, whoever filled the cache', async () => {
    const member = await station.pb.send<GuideResponse>(guidePath(station.organization.id), {});
    expect(member.channels.map((channel) => channel.id).sort()).toEqual(
      [ids.public, ids.private].sort(),
    );
    const guest = await publicGuide();
    expect(guest.channels.map((channel) => channel.id)).toEqual([ids.public]);
    expect(guest.timeslots.every((timeslot) => timeslot.channel === ids.public)).toBe(true);
    // And a member asking after a guest filled the cache still sees everything.
    const memberAgain = await station.pb.send<GuideResponse>(
      guidePath(station.organization.slug),
      {},
    );
    expect(memberAgain.channels).toHaveLength(2);
  });

  it('tells shared caches a member view is private', async () => {
    const response = await rawGet(`${server.url}${guidePath(station.organization.id)}`, {
      authorization: station.pb.authStore.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('compression', () => {
  it('sends the guide in the encoding the client accepts', async () => {
    const url = `${server.url}${guidePath(station.organization.slug)}`;
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.body.toString('utf8');
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await rawGet(url, { 'accept-encoding': accept });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(decode(response)).toBe(expected);
    }
  });

  it('compresses other API answers over 1 KB on the fly', async () => {
    const description = 'A long evening of local politics. '.repeat(60);
    await station.pb.collection('shows').update(ids.show, { description });
    const response = await rawGet(`${server.url}/api/collections/shows/records/${ids.show}`, {
      'accept-encoding': 'gzip',
      authorization: station.pb.authStore.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(response)).description).toBe(description);
  });

  it('leaves small answers and the realtime event stream uncompressed', async () => {
    const small = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();

    const stream = await new Promise<{ type?: string; encoding?: string; text: string }>(
      (resolve, reject) => {
        const request = httpRequest(
          `${server.url}/api/realtime`,
          { headers: { 'accept-encoding': 'br, gzip' }, agent: false },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              resolve({
                type: response.headers['content-type'],
                encoding: response.headers['content-encoding'],
                text: chunk.toString('utf8'),
              });
              request.destroy();
            });
          },
        );
        request.on('error', reject);
        request.end();
      },
    );
    expect(stream.type).toContain('text/event-stream');
    expect(stream.encoding).toBeUndefined();
    expect(stream.text).toContain('PB_CONNECT');
  });
});

describe('the feeds', () => {
  it('answer 304 from memory and move to the next day at midnight', async () => {
    const url = `${server.url}/api/v1/feeds/${station.organization.slug}/xmltv.xml?days=1`;
    const first = await rawGet(url, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect((await rawGet(url, { 'if-none-match': etag })).status).toBe(304);

    // Past the organization's midnight the window slides: a new feed, not the cached one.
    shift += 24 * 60 * 60 * 1000;
    try {
      const nextDay = await rawGet(url, { 'if-none-match': etag });
      expect(nextDay.status).toBe(200);
      expect(nextDay.headers.etag).not.toBe(etag);
    } finally {
      shift -= 24 * 60 * 60 * 1000;
    }
  });
});

describe.runIf(testDialect === 'postgres')('two nodes on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let show = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startTestServer({ env: database.env });
    b = await startTestServer({ env: database.env });
    owner = await signUpOwner(a, { timeZone: 'UTC' });
    const organization = owner.organization.id;
    const channel = await createChannel(owner.pb, organization, { public: true });
    show = (await createShow(owner.pb, organization, { title: 'Before' })).id;
    await createTimeslot(owner.pb, organization, {
      channel: channel.id,
      show,
      start: '2026-12-01 12:00:00.000Z',
      durationSec: 1800,
    });
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it("a write on one node refreshes the other node's cached guide", async () => {
    const read = async () => {
      const response = await b.fetch(guidePath(owner.organization.slug));
      return titles((await response.json()) as GuideResponse);
    };
    expect(await read()).toEqual(['Before']);
    await owner.pb.collection('shows').update(show, { title: 'After' });
    // The event crosses to node B through LISTEN/NOTIFY, a few milliseconds after the commit.
    await expect.poll(read, { timeout: 5000 }).toEqual(['After']);
  });
});
