import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeCablecastServer,
  type FakeShow,
  hangOnWindowsWiderThan,
  startCablecastServer,
} from '../../../test/cablecast-server.js';
import { createGuardedFetch } from '../../outbound/guarded-fetch.js';
import {
  basicAuthorization,
  type CablecastClientOptions,
  createCablecastClient,
  monthWindows,
} from './cablecast-client.js';
import { CablecastError } from './cablecast-error.js';

// The client against the fake Cablecast server on loopback (test/cablecast-server.ts). No
// database, so these run in the unit project; every server is the test's own.

/** The fake server is on loopback, which the client refuses unless allowed. */
const loopback = createGuardedFetch({ allowPrivate: true });

let server: FakeCablecastServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: Parameters<typeof startCablecastServer>[0] = {}) {
  server = await startCablecastServer(options);
  return server;
}

function clientFor(fake: FakeCablecastServer, options: Partial<CablecastClientOptions> = {}) {
  return createCablecastClient({ baseUrl: fake.url, fetch: loopback, ...options });
}

/** The CablecastError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<CablecastError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CablecastError) return error;
    throw error;
  }
  throw new Error('expected a CablecastError');
}

function extraShows(count: number, from = 10_000): FakeShow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: from + index,
    title: `Show ${index}`,
    lastModified: '2024-04-01T00:00:00',
    reels: [],
  }));
}

describe('basicAuthorization', () => {
  it('reads anonymously without a secret', () => {
    expect(basicAuthorization(undefined)).toBeNull();
    expect(basicAuthorization(null)).toBeNull();
    expect(basicAuthorization('   ')).toBeNull();
  });

  it('sends user:password as Basic, UTF-8, splitting at the first colon', () => {
    expect(basicAuthorization('admin:secret')).toBe(
      `Basic ${Buffer.from('admin:secret').toString('base64')}`,
    );
    const header = basicAuthorization('régie:pa:ss') ?? '';
    expect(Buffer.from(header.slice(6), 'base64').toString('utf8')).toBe('régie:pa:ss');
  });

  it.each(['justaword', ':password', 'user:'])('refuses %s as credentials', (secret) => {
    expect(() => basicAuthorization(secret)).toThrow(
      expect.objectContaining({ kind: 'invalid-credentials' }),
    );
  });
});

describe('monthWindows', () => {
  it('splits at the first of each month (UTC), keeping the ends', () => {
    const windows = monthWindows(
      new Date('2024-01-20T05:00:00Z'),
      new Date('2024-03-05T00:00:00Z'),
    );
    expect(windows.map((w) => [w.start.toISOString(), w.end.toISOString()])).toEqual([
      ['2024-01-20T05:00:00.000Z', '2024-02-01T00:00:00.000Z'],
      ['2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
      ['2024-03-01T00:00:00.000Z', '2024-03-05T00:00:00.000Z'],
    ]);
  });

  it('is one window inside a month, none for an empty one', () => {
    const day = new Date('2024-06-01T00:00:00Z');
    expect(monthWindows(day, new Date('2024-06-02T00:00:00Z'))).toHaveLength(1);
    expect(monthWindows(day, day)).toEqual([]);
    expect(
      monthWindows(new Date('2025-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z')),
    ).toHaveLength(12);
  });
});

describe('createCablecastClient', () => {
  it('refuses an unreadable address before any request', () => {
    expect(() => createCablecastClient({ baseUrl: 'ftp://x' })).toThrow(
      expect.objectContaining({ kind: 'invalid-url' }),
    );
  });

  it('accepts the API base in any case and calls the same paths', async () => {
    const fake = await start();
    const client = createCablecastClient({
      fetch: loopback,
      baseUrl: `${fake.url}/CablecastAPI/v1/`,
    });
    expect(client.apiBase).toBe(fake.apiBase);
    expect(await client.channels()).toEqual([
      { id: 1, name: 'Community 15' },
      { id: 2, name: 'Government 16' },
    ]);
  });
});

describe('CablecastClient reads', () => {
  it('reads channels, categories and producers anonymously', async () => {
    const fake = await start({ user: 'admin', password: 'secret' });
    const client = clientFor(fake);
    expect((await client.channels()).map((c) => c.name)).toEqual(['Community 15', 'Government 16']);
    expect(await client.categories()).toContainEqual({ id: 7, name: 'Government' });
    expect(await client.producers()).toContainEqual({ id: 3, name: 'City Clerk' });
    expect(fake.requests.every((r) => r.authorization === undefined)).toBe(true);
  });

  it('follows meta.count across pages, offset counting records', async () => {
    const fake = await start();
    fake.data.shows.push(...extraShows(23));
    const client = clientFor(fake, { pageSize: 10 });
    const listing = await client.shows();
    expect(listing.items).toHaveLength(28);
    expect(new Set(listing.items.map((s) => s.id)).size).toBe(28);
    const offsets = fake.requests.map((r) => r.query.get('offset'));
    expect(offsets).toEqual(['0', '10', '20']);
    expect(fake.requests.every((r) => r.query.get('page_size') === '10')).toBe(true);
  });

  it('stops when a server ignores offset and repeats the first page', async () => {
    const fake = await start();
    fake.data.shows.push(...extraShows(30));
    fake.override = (request) => {
      if (request.path !== '/shows') return undefined;
      const page = fake.data.shows.slice(0, 10);
      return {
        status: 200,
        body: JSON.stringify({ shows: page, meta: { count: 35, pageSize: 10 } }),
      };
    };
    const listing = await clientFor(fake, { pageSize: 10 }).shows();
    expect(listing.items).toHaveLength(10);
    expect(fake.requests).toHaveLength(2);
  });

  it('returns side-loaded reels beside the shows, reading show and showId', async () => {
    const fake = await start();
    const listing = await clientFor(fake).shows();
    expect(fake.requests[0]?.query.get('include')).toBe('reel');
    expect(listing.items.map((s) => s.id)).toEqual([4321, 4400, 4500, 4600, 4700]);
    expect(listing.reels.filter((r) => r.show === 4500).map((r) => r.id)).toEqual([78, 79, 80]);
    const arts = listing.items.find((s) => s.id === 4500);
    expect(arts).toMatchObject({
      cgTitle: '  Riverside Arts Hour  ',
      reels: [78, 79, 80],
      totalRunTime: 3000,
    });
  });

  it('asks for shows by id in batches of 100 with ids[]', async () => {
    const fake = await start();
    fake.data.shows.push(...extraShows(230));
    const ids = [4321, ...extraShows(230).map((s) => s.id), 4321];
    const listing = await clientFor(fake).shows({ ids, include: ['reel', 'thumbnail'] });
    expect(listing.items).toHaveLength(231);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests.map((r) => r.query.getAll('ids[]').length)).toEqual([100, 100, 31]);
    expect(fake.requests[0]?.query.get('include')).toBe('reel,thumbnail');
    expect(listing.reels.map((r) => r.id)).toEqual([77]);
  });

  it('asks nothing for an empty list of ids', async () => {
    const fake = await start();
    const listing = await clientFor(fake).shows({ ids: [] });
    expect(listing.items).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it('finds the shows modified since a cursor through the advanced search', async () => {
    const fake = await start();
    const client = clientFor(fake);
    expect(await client.showIdsModifiedSince('2024-02-20T00:00:00')).toEqual([4600, 4700, 4321]);
    const search = fake.requests[0];
    expect(search?.method).toBe('POST');
    expect(search?.path).toBe('/shows/search/advanced');
    // The catalogue moves: one show edited, one added; the same cursor sees both.
    const edited = fake.data.shows.find((s) => s.id === 4500);
    if (edited) edited.lastModified = '2024-06-05T10:00:00';
    fake.upsertShow({ id: 4800, title: 'New', lastModified: '2024-06-06T10:00:00', reels: [] });
    expect(await client.showIdsModifiedSince('2024-06-01T21:10:00')).toEqual([4500, 4800]);
    expect(await client.showIdsModifiedSince('2024-06-06T10:00:00')).toEqual([]);
  });

  it('lists every show id with fields=id, and counts them from meta.count', async () => {
    const fake = await start();
    fake.data.shows.push(...extraShows(12));
    const client = clientFor(fake, { pageSize: 5 });
    const ids = await client.allShowIds();
    expect(ids).toHaveLength(17);
    expect(fake.requests.every((r) => r.query.get('fields') === 'id')).toBe(true);
    fake.requests.length = 0;
    expect(await client.showCount()).toBe(17);
    expect(fake.requests).toHaveLength(1);
  });

  it('counts the ids when the server sends no meta', async () => {
    const fake = await start();
    fake.override = (request) =>
      request.path === '/shows'
        ? { status: 200, body: JSON.stringify({ shows: [{ id: 1 }, { id: 2 }, { id: 3 }] }) }
        : undefined;
    expect(await clientFor(fake).showCount()).toBe(3);
  });

  it('reads a long schedule window one month at a time, each run once', async () => {
    const fake = await start();
    const listing = await clientFor(fake).scheduleItems({
      start: new Date('2024-03-01T00:00:00Z'),
      end: new Date('2024-12-01T00:00:00Z'),
      includeDeleted: true,
    });
    const windows = fake.requests.map((r) => [r.query.get('start'), r.query.get('end')]);
    expect(windows).toHaveLength(9);
    expect(windows[0]).toEqual(['2024-03-01T00:00:00.000Z', '2024-04-01T00:00:00.000Z']);
    expect(windows[8]).toEqual(['2024-11-01T00:00:00.000Z', '2024-12-01T00:00:00.000Z']);
    expect(listing.items).toHaveLength(20);
    expect(listing.items.find((i) => i.id === 900003)?.deleted).toBe(true);
    expect(fake.requests[0]?.query.get('include')).toBe('show,reel');
    expect(fake.requests[0]?.query.get('include_deleted')).toBe('true');
    expect(fake.requests[0]?.query.get('include_cg_exempt')).toBe('true');
    expect(listing.shows.map((s) => s.id).sort()).toEqual([4321, 4400, 4500, 4600, 4700]);
    expect(listing.reels).toHaveLength(5);
  });

  it('passes channel, since and the tombstone choice to the server', async () => {
    const fake = await start();
    const client = clientFor(fake);
    const june = { start: new Date('2024-06-01T00:00:00Z'), end: new Date('2024-06-03T00:00:00Z') };
    const all = await client.scheduleItems({ ...june, channel: 1 });
    expect(all.items.map((i) => i.id)).toEqual([900001, 900002, 900004, 900005, 900006]);
    fake.deleteScheduleItem(900004, '2024-06-01T12:00:00');
    const changed = await client.scheduleItems({
      ...june,
      since: '2024-05-15T00:00:00',
      includeDeleted: true,
    });
    // 900003 is a tombstone too, but it changed before the cursor.
    expect(changed.items).toEqual([expect.objectContaining({ id: 900004, deleted: true })]);
    expect(fake.requests.at(-1)?.query.get('since')).toBe('2024-05-15T00:00:00');
  });

  it('sets aside records it cannot read and keeps the rest', async () => {
    const fake = await start();
    fake.override = (request) =>
      request.path === '/scheduleitems'
        ? {
            status: 200,
            body: JSON.stringify({
              scheduleItems: [
                { id: 1, channel: 1, show: '4321', runDateTime: '2024-06-01T19:00:00Z', idType: 1 },
                { id: 2, channel: 1, show: 4321 },
                { channel: 1, show: 4321, runDateTime: '2024-06-01T19:00:00Z' },
              ],
              meta: { count: 3, pageSize: 1000 },
            }),
          }
        : undefined;
    const listing = await clientFor(fake).scheduleItems({
      start: new Date('2024-06-01T00:00:00Z'),
      end: new Date('2024-06-02T00:00:00Z'),
    });
    expect(listing.items).toEqual([
      expect.objectContaining({ id: 1, show: 4321, runDateTime: '2024-06-01T19:00:00Z' }),
    ]);
    expect(listing.unreadable.map((r) => r.id)).toEqual([2, undefined]);
    expect(listing.unreadable[0]?.problem).toContain('runDateTime');
  });
});

describe('CablecastClient credentials', () => {
  it('sends Basic credentials when the secret is user:password', async () => {
    const fake = await start({ user: 'admin', password: 'se:cret', requireAuthForReads: true });
    const client = clientFor(fake, { apiKey: 'admin:se:cret' });
    expect(client.signsIn).toBe(true);
    expect(await client.channels()).toHaveLength(2);
    expect(fake.requests[0]?.authorization).toBe(basicAuthorization('admin:se:cret'));
  });

  it('fails as unauthorized (401) on wrong credentials', async () => {
    const fake = await start({ user: 'admin', password: 'secret' });
    const error = await failure(clientFor(fake, { apiKey: 'admin:wrong' }).channels());
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).toBe('The server refused the user name or password (401).');
  });

  it('says credentials are needed when a server wants them and none were given', async () => {
    const fake = await start({ user: 'admin', password: 'secret', requireAuthForReads: true });
    const error = await failure(clientFor(fake).channels());
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toContain('asks for a user name and password (401)');
  });
});

describe('CablecastClient failures', () => {
  it('times out a hanging request after its limit', async () => {
    const fake = await start();
    fake.hangWhen = hangOnWindowsWiderThan(20);
    const client = clientFor(fake, { timeoutMs: 200 });
    const started = Date.now();
    const error = await failure(
      client.scheduleItems({
        start: new Date('2024-06-01T00:00:00Z'),
        end: new Date('2024-06-30T00:00:00Z'),
      }),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The server did not answer within 200 ms.');
    expect(Date.now() - started).toBeLessThan(5000);
    // A narrow window on the same server still answers.
    const week = await client.scheduleItems({
      start: new Date('2024-06-01T00:00:00Z'),
      end: new Date('2024-06-08T00:00:00Z'),
    });
    expect(week.items.length).toBeGreaterThan(0);
  });

  it('times out a body that stops halfway', async () => {
    const fake = await start();
    fake.override = () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: (response) => response.write('{"channels":['),
    });
    const error = await failure(clientFor(fake, { timeoutMs: 200 }).channels());
    expect(error.kind).toBe('timeout');
  });

  it('names a host that does not resolve (DNS)', async () => {
    const client = createCablecastClient({
      baseUrl: 'https://cablecast.airgrid.invalid',
      timeoutMs: 10_000,
    });
    const error = await failure(client.channels());
    expect(error.kind).toBe('dns');
    expect(error.message).toBe('cablecast.airgrid.invalid could not be found (DNS).');
  });

  it('refuses a server on this machine or its network unless allowed, naming the setting', async () => {
    const fake = await start();
    // The default client is the guard refusing private addresses.
    const error = await failure(createCablecastClient({ baseUrl: fake.url }).channels());
    expect(error.kind).toBe('blocked');
    expect(error.message).toContain('CABLECAST_ALLOW_PRIVATE=true');
    expect(fake.requests).toHaveLength(0);
    for (const address of ['http://169.254.169.254', 'http://[::1]:8080', 'http://10.0.0.1']) {
      const refused = await failure(createCablecastClient({ baseUrl: address }).channels());
      expect(refused.kind).toBe('blocked');
    }
  });

  it('says when nothing listens on the port', async () => {
    const port = await closedPort();
    const error = await failure(
      createCablecastClient({ fetch: loopback, baseUrl: `http://127.0.0.1:${port}` }).channels(),
    );
    expect(error.kind).toBe('refused');
    expect(error.message).toContain(`127.0.0.1:${port} refused the connection`);
  });

  it('says when the address answers HTML instead of Cablecast', async () => {
    const fake = await start();
    fake.notCablecast = true;
    const error = await failure(clientFor(fake).channels());
    expect(error.kind).toBe('not-cablecast');
    expect(error.message).toMatch(/^This address answers, but not as a Cablecast server/);
  });

  it('says when the address answers JSON of another shape, or 404', async () => {
    const fake = await start();
    fake.override = () => ({ status: 200, body: '{"status":"ok"}' });
    expect((await failure(clientFor(fake).channels())).kind).toBe('not-cablecast');
    fake.override = () => ({ status: 404, body: 'Not Found' });
    expect((await failure(clientFor(fake).channels())).kind).toBe('not-cablecast');
    fake.override = () => ({ status: 200, body: 'plain words' });
    expect((await failure(clientFor(fake).channels())).kind).toBe('not-cablecast');
  });

  it('reports a server error with its status', async () => {
    const fake = await start();
    fake.override = () => ({ status: 503, body: 'busy' });
    const error = await failure(clientFor(fake).channels());
    expect(error).toMatchObject({ kind: 'http', status: 503 });
    expect(error.message).toBe('The Cablecast server answered with an error (HTTP 503).');
  });

  it('stops reading an answer past the size limit, declared or streamed', async () => {
    const fake = await start();
    const limit = 64 * 1024;
    fake.override = () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: (response) => {
        // No content-length: the client has to count as it reads.
        response.write('{"channels":[');
        const chunk = `${'{"id":1,"name":"x"},'.repeat(1000)}`;
        for (let i = 0; i < 20; i++) response.write(chunk);
        response.end('{"id":2,"name":"y"}]}');
      },
    });
    const streamed = await failure(clientFor(fake, { maxResponseBytes: limit }).channels());
    expect(streamed.kind).toBe('too-large');
    fake.override = () => ({
      status: 200,
      headers: { 'content-length': String(limit + 1) },
      body: (response) => response.end('x'.repeat(limit + 1)),
    });
    const declared = await failure(clientFor(fake, { maxResponseBytes: limit }).channels());
    expect(declared.kind).toBe('too-large');
    expect(declared.message).toContain('larger than');
  });

  it('stops when the caller cancels', async () => {
    const fake = await start();
    fake.hangWhen = () => true;
    const controller = new AbortController();
    const pending = failure(clientFor(fake, { signal: controller.signal }).channels());
    setTimeout(() => controller.abort(), 20);
    expect((await pending).kind).toBe('aborted');
  });
});

describe('thumbnails', () => {
  it('are fetched from the Cablecast server, by an absolute or a relative address', async () => {
    const fake = await start();
    const client = clientFor(fake);
    const relative = await client.image('/cablecastapi/dynamicthumbnails/4321');
    expect(relative.type).toBe('image/png');
    expect(relative.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const absolute = await client.image(`${fake.url}/cablecastapi/dynamicthumbnails/4321`);
    expect(absolute.bytes.equals(relative.bytes)).toBe(true);
  });

  it('never from another server, nor anything that is not an image or is too large', async () => {
    const fake = await start();
    const client = clientFor(fake);
    const elsewhere = await failure(client.image('https://cdn.example.org/4321.jpg'));
    expect(elsewhere.kind).toBe('invalid-url');
    expect(elsewhere.message).toContain('another server (cdn.example.org)');
    expect(fake.requests).toHaveLength(0);
    const page = await failure(client.image('/cablecastapi/v1/channels'));
    expect(page.message).toContain('not an image (application/json');
    const big = await failure(client.image('/cablecastapi/dynamicthumbnails/1', 10));
    expect(big.kind).toBe('too-large');
  });
});

/** A port nothing listens on: bound, read, closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
