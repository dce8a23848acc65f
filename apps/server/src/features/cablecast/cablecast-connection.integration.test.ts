import { createServer } from 'node:net';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCablecastServer, startCablecastServer } from '../../../test/cablecast-server.js';
import { client, createMember, failure, signUpOwner, superuser } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Connecting a station's Cablecast server through the API (SQLite and PostgreSQL), against the
// fake Cablecast on loopback: the address is read as stations type it, the credentials are
// kept sealed and never sent back, and "Test connection" says what it found or exactly why not.
// The fake is on loopback, so this server allows private addresses (CABLECAST_ALLOW_PRIVATE);
// a second server with the default shows that no address leads into the server's network.

let server: TestServer;
let guarded: TestServer;
let cablecast: FakeCablecastServer;
let elsewhere: FakeCablecastServer;
let root: PocketBase;
let station: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  server = await startTestServer({ env: { CABLECAST_ALLOW_PRIVATE: 'true' } });
  guarded = await startTestServer();
  cablecast = await startCablecastServer({ user: 'importer', password: 'pa:ss' });
  // Another server an admin might point the saved connection at to catch its credentials.
  elsewhere = await startCablecastServer();
  root = await superuser(server);
  station = await signUpOwner(server);
});

afterAll(async () => {
  await cablecast?.close();
  await elsewhere?.close();
  await guarded?.stop();
  await server?.stop();
});

type Check = Record<string, unknown> & { ok: boolean };

const save = (pb: PocketBase, body: Record<string, unknown>) =>
  pb.send<Record<string, unknown>>('/api/v1/cablecast', { method: 'PUT', body });
const test = (pb: PocketBase, body: Record<string, unknown> = {}) =>
  pb.send<Check>('/api/v1/cablecast/test', { method: 'POST', body });

/** A loopback port with nothing listening. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the Cablecast connection', () => {
  it('is saved in its normal form with sealed credentials that never come back', async () => {
    const typed = `${cablecast.url.toUpperCase().replace('HTTP://', 'http://')}/CablecastAPI/v1///`;
    const saved = await save(station.pb, { baseUrl: typed, apiKey: 'importer:pa:ss' });
    expect(saved).toMatchObject({
      baseUrl: cablecast.url,
      hasCredentials: true,
      organization: station.organization.id,
    });
    expect(saved).not.toHaveProperty('credentials');
    expect(await station.pb.send('/api/v1/cablecast', {})).toMatchObject({ id: saved.id });
    const listed = await station.pb.collection('cablecastConnections').getOne(String(saved.id));
    expect(listed).not.toHaveProperty('credentials');
    // At rest: sealed, not the password.
    const sealed = String(
      (await root.collection('cablecastConnections').getOne(String(saved.id))).credentials,
    );
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(sealed).not.toContain('pa:ss');

    // Saving the address again keeps the credentials; '' removes them.
    expect(await save(station.pb, { baseUrl: cablecast.url })).toMatchObject({
      hasCredentials: true,
    });
    expect(await save(station.pb, { baseUrl: cablecast.url, apiKey: '' })).toMatchObject({
      hasCredentials: false,
    });
    await save(station.pb, { baseUrl: cablecast.url, apiKey: 'importer:pa:ss' });
  });

  it('names what is wrong with the form', async () => {
    const refused = await failure(
      save(station.pb, { baseUrl: 'ftp://cablecast.example.org', apiKey: 'justaword' }),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.data).sort()).toEqual(['baseUrl']);
    const credentials = await failure(
      save(station.pb, { baseUrl: cablecast.url, apiKey: 'justaword' }),
    );
    expect(credentials.data).toMatchObject({ apiKey: { code: 'validation_invalid_value' } });
    expect((await failure(save(station.pb, {}))).data).toHaveProperty('baseUrl');
  });

  it('tests the saved server: its channels and show count, kept for the card', async () => {
    const check = await test(station.pb);
    expect(check).toMatchObject({ ok: true, signedIn: true });
    expect((check.channels as { name: string }[]).length).toBe(cablecast.data.channels.length);
    expect(check.showCount).toBe(cablecast.data.shows.length);
    const record = await station.pb.send<Record<string, unknown>>('/api/v1/cablecast', {});
    expect(record.lastCheck).toMatchObject({ ok: true, showCount: cablecast.data.shows.length });
  });

  it('says exactly why a test failed: credentials, a dead address, not Cablecast', async () => {
    cablecast.requireAuthForReads = true;
    try {
      const wrong = await test(station.pb, { baseUrl: cablecast.url, apiKey: 'importer:nope' });
      expect(wrong).toMatchObject({ ok: false, kind: 'unauthorized', status: 401 });
      expect(wrong.message).toBe('The server refused the user name or password (401).');
      // A test of other values leaves the saved check as it was.
      expect(
        (await station.pb.send<Record<string, unknown>>('/api/v1/cablecast', {})).lastCheck,
      ).toMatchObject({ ok: true });
    } finally {
      cablecast.requireAuthForReads = false;
    }
    const port = await closedPort();
    const dead = await test(station.pb, { baseUrl: `http://127.0.0.1:${port}`, apiKey: '' });
    expect(dead).toMatchObject({ ok: false, kind: 'refused' });
    expect(dead.message).toContain('refused the connection');

    cablecast.notCablecast = true;
    try {
      const other = await test(station.pb);
      expect(other).toMatchObject({ ok: false, kind: 'not-cablecast' });
    } finally {
      cablecast.notCablecast = false;
    }
  });

  it('is for owners and admins of the organization only', async () => {
    const editor = await createMember(server, station.organization.id, 'editor', root);
    expect((await failure(save(editor.pb, { baseUrl: cablecast.url }))).status).toBe(403);
    expect((await failure(test(editor.pb))).status).toBe(403);
    expect((await failure(editor.pb.send('/api/v1/cablecast', {}))).status).toBe(403);
    expect(await editor.pb.collection('cablecastConnections').getFullList()).toEqual([]);
    expect((await failure(test(client(server)))).status).toBe(401);

    const other = await signUpOwner(server);
    expect(await other.pb.send('/api/v1/cablecast', {})).toBeNull();
    expect(await other.pb.collection('cablecastConnections').getFullList()).toEqual([]);
    // Nor through the record API, which never writes it.
    const mine = await station.pb.send<Record<string, unknown>>('/api/v1/cablecast', {});
    expect(
      (
        await failure(
          station.pb
            .collection('cablecastConnections')
            .update(String(mine.id), { baseUrl: 'https://x.example.org' }),
        )
      ).status,
    ).toBe(403);
    expect(
      (await failure(other.pb.collection('cablecastConnections').delete(String(mine.id)))).status,
    ).toBe(404);
    // Disconnecting is deleting it.
    await station.pb.collection('cablecastConnections').delete(String(mine.id));
    expect(await station.pb.send('/api/v1/cablecast', {})).toBeNull();
  });
});

describe('the stored credentials', () => {
  it('go only to the address they were saved for', async () => {
    const owner = await signUpOwner(server);
    await save(owner.pb, { baseUrl: cablecast.url, apiKey: 'importer:pa:ss' });
    elsewhere.requests.length = 0;

    // Testing a new address with the saved credentials: refused, nothing sent anywhere.
    const tested = await failure(test(owner.pb, { baseUrl: elsewhere.url }));
    expect(tested.status).toBe(400);
    expect(tested.data).toMatchObject({ apiKey: { code: 'validation_required' } });
    expect(String((tested.data.apiKey as { message: string }).message)).toContain(
      'used only with the address they were saved for',
    );
    // Saving a new address without them: refused too, and the saved connection is unchanged.
    const moved = await failure(save(owner.pb, { baseUrl: elsewhere.url }));
    expect(moved.data).toHaveProperty('apiKey');
    expect(await owner.pb.send('/api/v1/cablecast', {})).toMatchObject({
      baseUrl: cablecast.url,
      hasCredentials: true,
    });
    expect(elsewhere.requests).toEqual([]);

    // Anonymous reads of the new address are fine when asked for, and send no credentials.
    expect(await test(owner.pb, { baseUrl: elsewhere.url, apiKey: '' })).toMatchObject({
      ok: true,
      signedIn: false,
    });
    expect(elsewhere.requests.length).toBeGreaterThan(0);
    expect(elsewhere.requests.every((request) => request.authorization === undefined)).toBe(true);
    // Moving with new credentials (or none) is a save like any other.
    expect(await save(owner.pb, { baseUrl: elsewhere.url, apiKey: '' })).toMatchObject({
      baseUrl: elsewhere.url,
      hasCredentials: false,
    });
  });

  it('are sealed for their address, so a changed address cannot open them', async () => {
    const owner = await signUpOwner(server);
    const saved = await save(owner.pb, { baseUrl: cablecast.url, apiKey: 'importer:pa:ss' });
    // Only a superuser can write the record directly; even then the sync cannot use the sealed
    // credentials with another address.
    await root
      .collection('cablecastConnections')
      .update(String(saved.id), { baseUrl: elsewhere.url });
    elsewhere.requests.length = 0;
    const check = await failure(test(owner.pb));
    expect(check.status).toBe(400);
    expect(check.data).toMatchObject({ apiKey: { code: 'validation_invalid_value' } });
    expect(elsewhere.requests).toEqual([]);
  });
});

describe("a Cablecast address inside the server's network", () => {
  const privateAddresses = [
    'http://169.254.169.254',
    'http://127.0.0.1:8090',
    'http://[::1]:8090',
    'http://10.0.0.1',
    'http://192.168.0.1',
    // A name that resolves to loopback is refused as its address would be.
    'http://localhost:8090',
  ];

  it.each(privateAddresses)('is refused on save: %s', async (baseUrl) => {
    const owner = await signUpOwner(guarded);
    const refused = await failure(save(owner.pb, { baseUrl }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ baseUrl: { code: 'validation_invalid_value' } });
    expect(String((refused.data.baseUrl as { message: string }).message)).toContain(
      'CABLECAST_ALLOW_PRIVATE=true',
    );
    expect(await owner.pb.send('/api/v1/cablecast', {})).toBeNull();
  });

  it('is never connected to by a test or a sync, and the answer echoes nothing', async () => {
    const owner = await signUpOwner(guarded);
    cablecast.requests.length = 0;
    for (const baseUrl of [cablecast.url, ...privateAddresses]) {
      const check = await test(owner.pb, { baseUrl, apiKey: '' });
      expect(check).toMatchObject({ ok: false, kind: 'blocked' });
      expect(check).not.toHaveProperty('channels');
    }
    // A record a superuser wrote directly with a private address: the sync refuses it too.
    const admin = await superuser(guarded);
    const channel = await owner.pb.collection('channels').create({
      organization: owner.organization.id,
      name: 'Community 15',
      slug: 'c15',
      timeZone: 'UTC',
    });
    await admin.collection('cablecastConnections').create({
      organization: owner.organization.id,
      baseUrl: cablecast.url,
      hasCredentials: false,
      channelMap: [{ cablecast: 1, name: 'Community 15', channel: channel.id }],
    });
    const queued = await owner.pb.send<{ id: string }>('/api/v1/cablecast/sync', {
      method: 'POST',
    });
    let sync: Record<string, unknown> = {};
    for (let tries = 0; tries < 200 && sync.state !== 'failed' && sync.state !== 'done'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      sync = await owner.pb.collection('cablecastSyncs').getOne(queued.id);
    }
    expect(sync).toMatchObject({ state: 'failed' });
    expect(String(sync.error)).toContain('CABLECAST_ALLOW_PRIVATE=true');
    expect(cablecast.requests).toEqual([]);
  });
});
