import { setTimeout as sleep } from 'node:timers/promises';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createChannel,
  createMember,
  createShow,
  failure,
  signUpOwner,
  superuser,
} from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// API keys through the SDK against a real server (SQLite and PostgreSQL): an owner or an admin
// makes one and sees it once; a script uses it as `pb.authStore.save(key)` or a Bearer header
// and acts with the key's role inside its organization, never beyond; revoking or expiry ends
// it; each key has its own rate limit.

let server: TestServer;
let root: PocketBase;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let other: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  server = await startTestServer({ env: { API_KEY_RATE_LIMIT: '40/1m' } });
  root = await superuser(server);
  station = await signUpOwner(server);
  other = await signUpOwner(server);
});

afterAll(async () => {
  await server?.stop();
});

interface Created {
  id: string;
  key: string;
  prefix: string;
  name: string;
  role: string;
  expires: string;
  lastUsed: string;
  createdBy: string;
  organization: string;
}

function makeKey(pb: PocketBase, body: Record<string, unknown>): Promise<Created> {
  return pb.send('/api/v1/api-keys', { method: 'POST', body });
}

/** A client of a script holding the key, as the README tells station developers to write it. */
function script(key: string): PocketBase {
  const pb = client(server);
  pb.authStore.save(key);
  return pb;
}

describe('making keys', () => {
  it('shows the key once, keeps only its hash, and lists it for owners and admins', async () => {
    const made = await makeKey(station.pb, { name: 'Playout sync', role: 'editor' });
    expect(made.key).toMatch(/^agk_[\w-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    expect(made).toMatchObject({
      name: 'Playout sync',
      role: 'editor',
      organization: station.organization.id,
      createdBy: station.record.id,
      expires: '',
      lastUsed: '',
    });
    expect(made).not.toHaveProperty('keyHash');

    const listed = await station.pb.collection('apiKeys').getOne(made.id);
    expect(listed).not.toHaveProperty('key');
    expect(listed).not.toHaveProperty('keyHash');
    expect(listed.prefix).toBe(made.prefix);
    // Not even a superuser reads the key back: only its hash was kept.
    expect((await root.collection('apiKeys').getOne(made.id)).keyHash).toMatch(/^[0-9a-f]{64}$/);

    const admin = await createMember(server, station.organization.id, 'admin', root);
    expect((await admin.pb.collection('apiKeys').getFullList()).map((k) => k.id)).toContain(
      made.id,
    );
    const adminKey = await makeKey(admin.pb, { name: 'Admin script', role: 'viewer' });
    expect(adminKey.createdBy).toBe(admin.record.id);
  });

  it('names each mistake in the form', async () => {
    const refused = await failure(
      makeKey(station.pb, { name: '  ', role: 'admin', expires: '2001-01-01 00:00:00.000Z' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      name: { code: 'validation_required', message: 'Cannot be blank.' },
      role: { code: 'validation_invalid_value', message: 'Must be one of: viewer, editor.' },
      expires: { code: 'validation_min_date_constraint', message: 'Must be in the future.' },
    });
    const badDate = await failure(
      makeKey(station.pb, { name: 'x', role: 'viewer', expires: 'next tuesday' }),
    );
    expect(badDate.data).toEqual({
      expires: { code: 'validation_invalid_date', message: 'Must be a valid date.' },
    });
  });

  it('is for owners and admins signed in, not editors, guests or keys', async () => {
    const editor = await createMember(server, station.organization.id, 'editor', root);
    expect((await failure(makeKey(editor.pb, { name: 'x', role: 'viewer' }))).status).toBe(403);
    expect((await failure(makeKey(client(server), { name: 'x', role: 'viewer' }))).status).toBe(
      401,
    );
    const { key } = await makeKey(station.pb, { name: 'Editor key', role: 'editor' });
    expect((await failure(makeKey(script(key), { name: 'x', role: 'editor' }))).status).toBe(401);
    // Nor through the record API, whoever asks.
    const direct = await failure(
      station.pb.collection('apiKeys').create({
        organization: station.organization.id,
        name: 'direct',
        role: 'viewer',
      }),
    );
    expect(direct.status).toBe(403);
    expect((await editor.pb.collection('apiKeys').getFullList()).length).toBe(0);
  });
});

describe('using a key', () => {
  it('reads its organization as a viewer and writes nothing', async () => {
    const channel = await createChannel(station.pb, station.organization.id, { public: false });
    const foreign = await createChannel(other.pb, other.organization.id, { public: false });
    const { key } = await makeKey(station.pb, { name: 'Guide reader', role: 'viewer' });
    const pb = script(key);
    const channels = await pb.collection('channels').getFullList();
    expect(channels.map((c) => c.id)).toContain(channel.id);
    expect(channels.map((c) => c.id)).not.toContain(foreign.id);
    expect((await failure(pb.collection('channels').getOne(foreign.id))).status).toBe(404);
    expect(
      (await failure(createChannel(pb, station.organization.id, { name: 'Nope' }))).status,
    ).toBe(400);
    expect(
      (await failure(pb.collection('channels').update(channel.id, { name: 'Renamed' }))).status,
    ).toBe(404);
  });

  it('writes the schedule as an editor, inside its organization only', async () => {
    const { key } = await makeKey(station.pb, { name: 'Scheduler', role: 'editor' });
    const pb = script(key);
    const channel = await createChannel(pb, station.organization.id, { public: false });
    const show = await createShow(pb, station.organization.id, { title: 'From a script' });
    const slot = await pb.collection('timeslots').create({
      organization: station.organization.id,
      channel: channel.id,
      show: show.id,
      start: '2031-03-03 12:00:00.000Z',
      durationSec: 1800,
    });
    expect(slot.show).toBe(show.id);
    // The guide API shows the key its organization's private channel, as it shows a member.
    const guide = (auth: string) =>
      server
        .fetch(
          `/api/v1/guide?organization=${station.organization.id}&from=2031-03-03T00:00:00Z&to=2031-03-04T00:00:00Z`,
          { headers: auth ? { Authorization: auth } : {} },
        )
        .then((response) => response.text());
    expect(await guide(key)).toContain('From a script');
    expect(await guide('')).not.toContain('From a script');
    // Another organization is out of reach, as for a member.
    const refused = await failure(createChannel(pb, other.organization.id));
    expect(refused.status).toBe(400);
    // Members, keys and the organization are not an editor's.
    expect(
      (await failure(pb.collection('users').update(station.record.id, { name: 'x' }))).status,
    ).toBe(404);
    expect(
      (
        await failure(
          pb.collection('organizations').update(station.organization.id, { name: 'Taken over' }),
        )
      ).status,
    ).toBe(404);
    expect(await pb.collection('apiKeys').getFullList()).toEqual([]);
  });

  it('is read from a Bearer header too, and stamps when it was last used', async () => {
    const made = await makeKey(station.pb, { name: 'curl', role: 'viewer' });
    const response = await server.fetch('/api/collections/channels/records?perPage=1', {
      headers: { Authorization: `Bearer ${made.key}` },
    });
    expect(response.status).toBe(200);
    await expect
      .poll(async () => (await station.pb.collection('apiKeys').getOne(made.id)).lastUsed)
      .not.toBe('');
  });

  it('stops working once revoked, or once it expires', async () => {
    await createShow(station.pb, station.organization.id, { title: 'Members only' });
    const revoked = await makeKey(station.pb, { name: 'Revoked', role: 'viewer' });
    const pb = script(revoked.key);
    expect((await pb.collection('shows').getList(1, 1)).totalItems).toBeGreaterThan(0);
    await station.pb.collection('apiKeys').delete(revoked.id);
    expect((await pb.collection('shows').getList(1, 1)).totalItems).toBe(0);

    const soon = new Date(Date.now() + 1500).toISOString();
    const expiring = await makeKey(station.pb, { name: 'Expiring', role: 'viewer', expires: soon });
    const later = script(expiring.key);
    expect((await later.collection('shows').getList(1, 1)).totalItems).toBeGreaterThan(0);
    await sleep(2000);
    expect((await later.collection('shows').getList(1, 1)).totalItems).toBe(0);
  });

  it('does not let a client set who made a key or its hash', async () => {
    const made = await makeKey(station.pb, { name: 'Renamed later', role: 'viewer' });
    const renamed = await station.pb
      .collection('apiKeys')
      .update(made.id, { name: 'Renamed', createdBy: other.record.id, keyHash: 'x', prefix: 'y' });
    expect(renamed).toMatchObject({
      name: 'Renamed',
      createdBy: station.record.id,
      prefix: made.prefix,
    });
    expect((await root.collection('apiKeys').getOne(made.id)).keyHash).not.toBe('x');
    // The other organization's owner cannot see, rename or revoke it.
    expect((await failure(other.pb.collection('apiKeys').getOne(made.id))).status).toBe(404);
    expect((await failure(other.pb.collection('apiKeys').delete(made.id))).status).toBe(404);
  });

  it('counts each key on its own and answers 429 past its limit', async () => {
    const first = script((await makeKey(station.pb, { name: 'Busy', role: 'viewer' })).key);
    const second = script((await makeKey(station.pb, { name: 'Quiet', role: 'viewer' })).key);
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) {
      const response = await server.fetch('/api/collections/channels/records?perPage=1', {
        headers: { Authorization: first.authStore.token },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429, 429, 429, 429]);
    expect((await second.collection('channels').getList(1, 1)).page).toBe(1);
    // Members are not counted.
    expect((await station.pb.collection('channels').getList(1, 1)).page).toBe(1);
  });
});
