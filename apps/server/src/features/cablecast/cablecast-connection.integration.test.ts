import { createServer } from 'node:net';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCablecastServer, startCablecastServer } from '../../../test/cablecast-server.js';
import { client, createMember, failure, signUpOwner, superuser } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Connecting a station's Cablecast server through the API (SQLite and PostgreSQL), against the
// fake Cablecast on loopback: the address is read as stations type it, the credentials are
// kept sealed and never sent back, and "Test connection" says what it found or exactly why not.

let server: TestServer;
let cablecast: FakeCablecastServer;
let root: PocketBase;
let station: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  server = await startTestServer();
  cablecast = await startCablecastServer({ user: 'importer', password: 'pa:ss' });
  root = await superuser(server);
  station = await signUpOwner(server);
});

afterAll(async () => {
  await cablecast?.close();
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
    expect(sealed.startsWith('v1.')).toBe(true);
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
