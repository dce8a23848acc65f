import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildChannel,
  client,
  createChannel,
  failure,
  signUp,
  signUpOwner,
  superuser,
} from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// Realtime through the official SDK, with an EventSource from npm as a browser would have.
(globalThis as { EventSource?: unknown }).EventSource = EventSource;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let stranger: Awaited<ReturnType<typeof signUpOwner>>;
const unsubscribers: (() => Promise<void>)[] = [];

type Event = RecordSubscription<Record<string, unknown>>;

async function listen(
  pb: PocketBase,
  topic: string,
  options: Record<string, unknown> = {},
): Promise<Event[]> {
  const events: Event[] = [];
  unsubscribers.push(
    await pb.collection('channels').subscribe(topic, (event) => events.push(event), options),
  );
  return events;
}

/** Waits until every published event has been dispatched, so "nothing arrived" means something. */
async function settled() {
  await server.app.realtimeSettled();
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpOwner(server);
  stranger = await signUpOwner(server);
});

afterAll(async () => {
  for (const unsubscribe of unsubscribers) await unsubscribe().catch(() => {});
  await server?.stop();
});

describe('realtime', () => {
  it('delivers create, update and delete to a member, after commit', async () => {
    await settled();
    const events = await listen(owner.pb, '*');
    const channel = await createChannel(owner.pb, owner.organization.id);
    await owner.pb.collection('channels').update(channel.id, { name: 'Renamed' });
    await owner.pb.collection('channels').delete(channel.id);
    await expect
      .poll(() => events.map((event) => event.action))
      .toEqual(['create', 'update', 'delete']);
    expect(events[1]?.record).toMatchObject({
      id: channel.id,
      name: 'Renamed',
      collectionName: 'channels',
    });
    expect(events[2]?.record).toMatchObject({ id: channel.id });
  });

  it('applies the subscription filter, expand and fields', async () => {
    await settled();
    const events = await listen(owner.pb, '*', {
      filter: 'number > 5',
      expand: 'organization',
      fields: 'id,number,expand.organization.name',
    });
    await createChannel(owner.pb, owner.organization.id, { number: 1 });
    const high = await createChannel(owner.pb, owner.organization.id, { number: 9 });
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]?.record).toEqual({
      id: high.id,
      number: 9,
      expand: { organization: { name: owner.organization.name } },
    });
  });

  it('delivers events of one record to its topic only', async () => {
    const watched = await createChannel(owner.pb, owner.organization.id);
    await settled();
    const events = await listen(owner.pb, watched.id);
    const other = await createChannel(owner.pb, owner.organization.id);
    await owner.pb.collection('channels').update(other.id, { number: 3 });
    await owner.pb.collection('channels').update(watched.id, { number: 4 });
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]?.record).toMatchObject({ id: watched.id, number: 4 });
  });

  it('never delivers another organization’s records, or anything to guests', async () => {
    const theirs = await listen(stranger.pb, '*');
    const guest = client(server);
    const guests = await listen(guest, '*');
    await createChannel(owner.pb, owner.organization.id);
    await settled();
    expect(theirs).toEqual([]);
    expect(guests).toEqual([]);
  });

  it('delivers a burst of events one message each, in commit order, to every topic', async () => {
    await settled();
    const all = await listen(owner.pb, '*');
    const high = await listen(owner.pb, '*', { filter: 'number > 103' });
    // One batch is one commit: its events reach the hub together and go out in one write.
    const numbers = [101, 102, 103, 104, 105];
    const batch = owner.pb.createBatch();
    for (const number of numbers)
      batch.collection('channels').create(buildChannel(owner.organization.id, { number }));
    await batch.send();
    // Earlier tests' events may still be on their way to this client: look at this burst only.
    const burst = (events: Event[]) =>
      events.map((event) => Number(event.record.number)).filter((n) => n > 100);
    await expect.poll(() => burst(all)).toEqual(numbers);
    await expect.poll(() => burst(high)).toEqual([104, 105]);
  });

  it('delivers a commit too large for one notification, and the small ones around it, in order', async () => {
    await settled();
    const all = await listen(owner.pb, '*');
    // On PostgreSQL a commit's events travel in the NOTIFY payload up to about 8 KB; 40 channels
    // in one commit do not fit, so they are stored and read back between two inline commits.
    const before = await createChannel(owner.pb, owner.organization.id, { number: 200 });
    const numbers = Array.from({ length: 40 }, (_, index) => 201 + index);
    const batch = owner.pb.createBatch();
    for (const number of numbers)
      batch.collection('channels').create(buildChannel(owner.organization.id, { number }));
    await batch.send();
    const after = await createChannel(owner.pb, owner.organization.id, { number: 241 });
    const received = () =>
      all.map((event) => Number(event.record.number)).filter((n) => n >= 200 && n <= 241);
    await expect.poll(() => received()).toEqual([200, ...numbers, 241]);
    expect([before.number, after.number]).toEqual([200, 241]);
  });

  it('delivers every one of many commits made at once', async () => {
    await settled();
    const events = await listen(owner.pb, '*');
    // Concurrent commits: on PostgreSQL their notifications arrive together and are read together.
    const created = await Promise.all(
      Array.from({ length: 8 }, () => createChannel(owner.pb, owner.organization.id)),
    );
    const ids = created.map((channel) => channel.id).sort();
    const received = () =>
      events
        .map((event) => String(event.record.id))
        .filter((id) => ids.includes(id))
        .sort();
    // Each exactly once: none lost, none read twice.
    await expect.poll(received).toEqual(ids);
    await settled();
    expect(received()).toEqual(ids);
  });

  it('keeps delivering after a commit that carried no events', async () => {
    await settled();
    server.app.realtime.publish([]);
    await settled();
    const events = await listen(owner.pb, '*');
    const channel = await createChannel(owner.pb, owner.organization.id);
    await expect.poll(() => events.some((event) => event.record.id === channel.id)).toBe(true);
  });

  it('sends nothing for a write that rolls back', async () => {
    const channel = await createChannel(owner.pb, owner.organization.id);
    await settled();
    const events = await listen(owner.pb, channel.id);
    const batch = owner.pb.createBatch();
    batch.collection('channels').delete(channel.id);
    batch.collection('channels').create({ organization: owner.organization.id });
    await failure(batch.send());
    await settled();
    expect(events).toEqual([]);
    expect((await owner.pb.collection('channels').getOne(channel.id)).id).toBe(channel.id);
  });

  it('reconnects and resubscribes after the server drops the stream', async () => {
    const pb = owner.pb;
    const events = await listen(pb, '*');
    const before = pb.realtime.clientId;
    server.app.realtime.closeAll();
    await expect
      .poll(() => pb.realtime.clientId !== before && pb.realtime.isConnected, { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(
        async () => {
          await createChannel(pb, owner.organization.id);
          return events.length;
        },
        { timeout: 10_000, interval: 300 },
      )
      .toBeGreaterThan(0);
  });
});

describe('POST /api/realtime', () => {
  async function post(body: unknown, token = '') {
    const response = await fetch(`${server.url}/api/realtime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { Authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: response.status === 204 ? null : await response.json(),
    };
  }

  it('answers an unknown client with 404 and a missing id with 400', async () => {
    expect(await post({ clientId: 'nope', subscriptions: [] })).toEqual({
      status: 404,
      body: { data: {}, message: 'Missing or invalid client id.', status: 404 },
    });
    expect((await post({ subscriptions: [] })).body).toMatchObject({
      status: 400,
      data: { clientId: { code: 'validation_required' } },
    });
  });

  it('refuses to change a client’s authorization', async () => {
    const user = await signUp(server);
    const root = await superuser(server);
    await listen(user.pb, '*');
    const clientId = user.pb.realtime.clientId;
    expect(
      await post({ clientId, subscriptions: ['channels'] }, root.authStore.token),
    ).toMatchObject({
      status: 403,
      body: { message: "The current and the previous request authorization don't match." },
    });
    expect((await post({ clientId, subscriptions: ['channels'] })).status).toBe(403);
    expect(
      (await post({ clientId, subscriptions: ['channels'] }, user.pb.authStore.token)).status,
    ).toBe(204);
  });
});
