import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, failure, signUpOwner, superuser } from '../../../test/sdk.js';
import {
  GUEST_REFUSED,
  nonSuperusers,
  RECORD_REFUSED,
  refusalsOf,
  type SuperuserCall,
} from '../../../test/superusers-only.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// PocketBase's logs API through the SDK (SQLite and PostgreSQL): every answered request is a
// line, written in batches, without the secrets its URL carried; superusers list, read and
// count them with the record API's filter language; the retention deletes old lines; everyone
// else is turned away as PocketBase turns them away.

const DAY_MS = 24 * 3600 * 1000;

let server: TestServer;
let root: PocketBase;
let station: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  server = await startTestServer({ requestLog: { flushEveryMs: 50 } });
  root = await superuser(server);
  station = await signUpOwner(server);
});

afterAll(async () => {
  await server?.stop();
});

/**
 * Writes what waits in memory. A request's line is taken once its answer has gone, a moment
 * after the client has it: wait that moment first.
 */
async function flushed(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 30));
  await server.app.requestLog.flush();
}

describe('the request log', () => {
  it('has a line per answered request, in PocketBase shape, filtered as records are', async () => {
    const marker = `probe-${Date.now().toString(36)}`;
    expect((await server.fetch(`/api/health?${marker}=1`)).status).toBe(200);
    expect((await server.fetch(`/api/collections/nothing/records?${marker}=1`)).status).toBe(404);
    await flushed();

    const failed = await root.logs.getList(1, 20, {
      filter: `data.status >= 400 && data.url ~ '${marker}'`,
    });
    expect(failed.totalItems).toBe(1);
    const [line] = failed.items;
    expect(line).toEqual({
      id: expect.stringMatching(/^[a-z0-9]{15}$/),
      created: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 8,
      message: `GET /api/collections/nothing/records?${marker}=1`,
      data: {
        type: 'request',
        method: 'GET',
        url: `/api/collections/nothing/records?${marker}=1`,
        status: 404,
        execTime: expect.any(Number),
        auth: 'guest',
        error: 'Missing collection context.',
      },
    });
    expect(await root.logs.getOne(line?.id ?? '')).toEqual(line);

    const all = await root.logs.getList(1, 20, {
      filter: `message ~ '${marker}=1'`,
      sort: 'data.status',
    });
    expect(all.items.map((each) => [each.data.status, each.level])).toEqual([
      [200, 0],
      [404, 8],
    ]);
    const numbers = await root.logs.getList(1, 5, {
      filter: `data.method = 'GET' && data.status < 300 && level = 0 && created > @yesterday && data.url ~ '${marker}=1'`,
    });
    expect(numbers.items.map((each) => each.data.url)).toEqual([`/api/health?${marker}=1`]);
  });

  it('names who asked by their collection; no address, id or browser unless turned on', async () => {
    await root.collection('shows').getList(1, 1, { filter: 'id = "whoasked"' });
    await flushed();
    const { items } = await root.logs.getList(1, 1, { filter: `data.url ~ 'whoasked'` });
    expect(items[0]?.data).toMatchObject({ auth: '_superusers', status: 200 });
    expect(Object.keys(items[0]?.data ?? {}).sort()).toEqual(
      ['auth', 'execTime', 'method', 'status', 'type', 'url'].sort(),
    );
  });

  it('counts lines per hour, as PocketBase does', async () => {
    await server.fetch('/api/collections/nothing-here/records');
    await flushed();
    const stats = await root.logs.getStats({ filter: 'data.status >= 400' });
    expect(stats.length).toBeGreaterThan(0);
    for (const item of stats) {
      expect(Object.keys(item).sort()).toEqual(['date', 'total']);
      expect(item.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:00:00\.000Z$/);
    }
    const failed = await root.logs.getList(1, 1, { filter: 'data.status >= 400' });
    expect(stats.reduce((sum, item) => sum + item.total, 0)).toBe(failed.totalItems);
    expect(await root.logs.getStats({ filter: 'data.status = 999' })).toEqual([]);
  });

  it('counts per minute when asked, over the last day; another interval is refused', async () => {
    await flushed();
    const [hourly, perMinute] = await Promise.all([
      root.logs.getStats({ filter: 'data.status >= 400' }),
      root.logs.getStats({ filter: 'data.status >= 400', query: { interval: 'minute' } }),
    ]);
    for (const item of perMinute) expect(item.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:00\.000Z$/);
    expect(perMinute.length).toBeGreaterThanOrEqual(hourly.length);
    // The lines are today's: the same count whichever way they are cut.
    const sum = (items: { total: number }[]) =>
      items.reduce((total, item) => total + item.total, 0);
    expect(sum(perMinute)).toBe(sum(hourly));
    const refused = await root.logs
      .getStats({ query: { interval: 'second' } })
      .catch((error: { status: number; message: string }) => error);
    expect(refused).toMatchObject({
      status: 400,
      message: 'The interval must be "hour" or "minute".',
    });
  });

  it('keeps no secret a request carried: API keys, tokens, status links', async () => {
    const made = (await station.pb.send('/api/v1/api-keys', {
      method: 'POST',
      body: { name: 'Leaky script', role: 'editor' },
    })) as { key: string };
    const token = station.pb.authStore.token;
    const statusToken = 'a1b2c3d4e5f6a7b8c9d0e1f2';
    await server.fetch(`/api/collections/shows/records?key=${made.key}`);
    await server.fetch(`/api/collections/shows/records?filter=${encodeURIComponent(made.key)}`);
    await server.fetch(`/api/health?token=${token}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await server.fetch(`/api/collections/channels/records?x=${token}`, {
      headers: { authorization: made.key },
    });
    await server.fetch(`/api/v1/submissions/status/${statusToken}`);
    await server.fetch(`/api/v1/submissions/status/${statusToken}`, {
      method: 'POST',
      body: JSON.stringify({ title: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    await flushed();
    const lines = (await root.logs.getList(1, 1000, { sort: '-created' })).items;
    const stored = JSON.stringify(lines);
    for (const secret of [made.key, made.key.slice(4), token, statusToken])
      expect(stored).not.toContain(secret);
    expect(stored).toContain('/api/v1/submissions/status/[redacted]');
    expect(stored).toContain('key=[redacted]');
    const keyed = lines.find(
      (line) => line.data.url === '/api/collections/channels/records?x=[redacted]',
    );
    expect(keyed?.data.auth).toBe('apiKeys');
  });

  it('pages as the records API does: perPage at most 1000, skipTotal, fields', async () => {
    const page = await root.logs.getList(1, 5000, { skipTotal: true, fields: 'id,message' });
    expect(page.perPage).toBe(1000);
    expect(page.totalItems).toBe(-1);
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(['id', 'message']);
  });

  it('refuses what it cannot read with a 400 that says why', async () => {
    const cases: [string, { filter?: string; sort?: string }][] = [
      ['syntax', { filter: 'data.status >=' }],
      ['unknown key', { filter: 'updated > 0' }],
      ['request macro', { filter: '@request.auth.id != ""' }],
      ['collection macro', { filter: '@collection.users.id != ""' }],
      ['unknown sort', { sort: '-updated' }],
      ['rowid sort', { sort: '@rowid' }],
      ['long', { filter: `message = '${'x'.repeat(3600)}'` }],
    ];
    for (const [name, options] of cases) {
      const refused = await failure(root.logs.getList(1, 5, options));
      expect({ name, status: refused.status }).toEqual({ name, status: 400 });
      expect(refused.message).toMatch(/^(Invalid (filter|sort)|Max filter length)/);
    }
    expect((await failure(root.logs.getStats({ filter: 'nope ==' }))).status).toBe(400);
    // What the compiler takes but one database will not run is a 400 too, never a 500.
    for (const filter of ['data = "x"', 'data > 3', 'data.meta.x ~ 1', 'level ~ "8"']) {
      const answer = await root.logs.getList(1, 1, { filter }).then(
        () => 200,
        (error: { status: number }) => error.status,
      );
      expect({ filter, answered: [200, 400].includes(answer) }).toEqual({ filter, answered: true });
    }
    expect((await failure(root.logs.getOne('nothinghere1234'))).status).toBe(404);
  });

  it('deletes lines past the retention (LOGS_MAX_DAYS, 7 by default)', async () => {
    await server.fetch('/api/health');
    await flushed();
    const before = await root.logs.getList(1, 1);
    expect(before.totalItems).toBeGreaterThan(0);
    expect(await server.app.requestLog.purge(Date.now() + 7 * DAY_MS - 3600_000)).toBe(0);
    await flushed();
    const kept = (await root.logs.getList(1, 1)).totalItems;
    expect(kept).toBeGreaterThanOrEqual(before.totalItems);
    await flushed();
    expect(await server.app.requestLog.purge(Date.now() + 7 * DAY_MS + 3600_000)).toBeGreaterThan(
      0,
    );
    expect((await root.logs.getList(1, 1)).totalItems).toBe(0);
  });
});

describe('who may ask', () => {
  const calls: SuperuserCall[] = [
    ['list', (pb) => pb.logs.getList(1, 5)],
    ['one', (pb) => pb.logs.getOne('abcdefghijklmno')],
    ['stats', (pb) => pb.logs.getStats()],
    ['bad filter', (pb) => pb.logs.getList(1, 5, { filter: 'nope ==' })],
  ];

  it('guests: 401', async () => {
    for (const [name, refused] of await refusalsOf(calls, client(server)))
      expect({ name, refused }).toEqual({ name, refused: GUEST_REFUSED });
  });

  it('every role of a station, another station’s owner and an API key: 403', async () => {
    for (const { role, pb } of await nonSuperusers(server, station, root)) {
      for (const [name, refused] of await refusalsOf(calls, pb))
        expect({ role, name, refused }).toEqual({ role, name, refused: RECORD_REFUSED });
    }
  });
});

describe('with LOGS_MAX_DAYS=0', () => {
  it('records nothing', async () => {
    const off = await startTestServer({ env: { LOGS_MAX_DAYS: '0' } });
    try {
      const pb = await superuser(off);
      await off.fetch('/api/health');
      await new Promise((resolve) => setTimeout(resolve, 30));
      await off.app.requestLog.flush();
      expect((await pb.logs.getList(1, 1)).totalItems).toBe(0);
    } finally {
      await off.stop();
    }
  });
});
