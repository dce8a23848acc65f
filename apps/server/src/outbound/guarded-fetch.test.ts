import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, MAX_REDIRECTS } from './guarded-fetch.js';
import type { Lookup } from './outbound-address.js';

// The outbound guard against real loopback servers. Loopback stands in for "the server's own
// network": refused unless the policy allows it. A fake resolver plays DNS, so a public-looking
// name can be made to lead to 127.0.0.1 (as a rebinding attacker's would at connection time).

let server: Server;
let port: number;
let hits: string[];

beforeAll(async () => {
  hits = [];
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    hits.push(`${request.method} ${url} ${request.headers.host}`);
    const hop = /^\/hop\/(\d+)$/.exec(url);
    if (hop) {
      const left = Number(hop[1]);
      response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/ok' }).end();
    } else if (url === '/elsewhere') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (url === '/other-port') {
      response.writeHead(307, { location: `http://127.0.0.1:${port + 1}/ok` }).end();
    } else if (url === '/see-other') {
      response.writeHead(303, { location: '/ok' }).end();
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A resolver that answers these addresses for any name. */
function resolver(...addresses: string[]): Lookup {
  return (_host, _options, callback) =>
    callback(
      null,
      addresses.map(
        (address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }),
      ),
    );
}

/** The codes along an error's cause chain, where the guard's reason is. */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let at = error; typeof at === 'object' && at !== null; at = (at as Error).cause) {
    const { code } = at as { code?: unknown };
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('the outbound guard', () => {
  it.each([
    'http://127.0.0.1:9/',
    'http://[::1]:9/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.0.1/',
    'http://[::ffff:127.0.0.1]:9/',
    'http://0.0.0.0:9/',
  ])('refuses the literal private address %s before connecting', async (address) => {
    const guarded = createGuardedFetch({ allowPrivate: false });
    expect(codesOf(await failure(guarded(address)))).toContain('EBLOCKED');
  });

  it('refuses a name that resolves to a private address, at the moment of connecting', async () => {
    const before = hits.length;
    const guarded = createGuardedFetch({ allowPrivate: false }, resolver('127.0.0.1'));
    const error = await failure(guarded(`http://cablecast.example.org:${port}/`));
    expect(codesOf(error)).toContain('EBLOCKED');
    // Nothing reached the server.
    expect(hits.length).toBe(before);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const guarded = createGuardedFetch(
      { allowPrivate: false },
      resolver('93.184.216.34', '10.0.0.7'),
    );
    expect(codesOf(await failure(guarded(`http://mixed.example.org:${port}/`)))).toContain(
      'EBLOCKED',
    );
  });

  it('reaches private addresses when the operator allows them', async () => {
    const open = createGuardedFetch({ allowPrivate: true });
    const response = await open(`http://127.0.0.1:${port}/ok`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('reaches a trusted host wherever it points, and only that host', async () => {
    const guarded = createGuardedFetch({ allowPrivate: false, trustedHosts: ['127.0.0.1'] });
    expect((await guarded(`http://127.0.0.1:${port}/ok`)).status).toBe(200);
    expect(codesOf(await failure(guarded(`http://[::1]:${port}/ok`)))).toContain('EBLOCKED');
  });

  it('follows redirects on the same server, checking each hop, up to a limit', async () => {
    const open = createGuardedFetch({ allowPrivate: true });
    const followed = await open(`http://127.0.0.1:${port}/hop/${MAX_REDIRECTS - 1}`);
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`http://127.0.0.1:${port}/ok`);
    const tooMany = await failure(open(`http://127.0.0.1:${port}/hop/${MAX_REDIRECTS}`));
    expect(codesOf(tooMany)).toContain('EREDIRECT');
    expect(String(tooMany)).toMatch(/more than 5 times/);
  });

  it('never follows a redirect to another host or port', async () => {
    const open = createGuardedFetch({ allowPrivate: true });
    const away = await failure(open(`http://127.0.0.1:${port}/elsewhere`));
    expect(codesOf(away)).toContain('EREDIRECT');
    expect(String(away)).toMatch(/another server \(169\.254\.169\.254\)/);
    expect(codesOf(await failure(open(`http://127.0.0.1:${port}/other-port`)))).toContain(
      'EREDIRECT',
    );
  });

  it('hands redirects back untouched when asked to (manual), as OAuth libraries do', async () => {
    const open = createGuardedFetch({ allowPrivate: true });
    const response = await open(`http://127.0.0.1:${port}/elsewhere`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/169\.254\.169\.254/);
  });

  it('goes on as a GET without the body after a 303', async () => {
    const open = createGuardedFetch({ allowPrivate: true });
    hits = [];
    const response = await open(`http://127.0.0.1:${port}/see-other`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(hits.map((hit) => hit.split(' ').slice(0, 2).join(' '))).toEqual([
      'POST /see-other',
      'GET /ok',
    ]);
  });
});
