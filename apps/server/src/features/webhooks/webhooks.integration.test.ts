import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createChannel,
  createMember,
  createShow,
  createTimeslot,
  failure,
  signUpOwner,
  superuser,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { verifySignature } from './webhook-signing.js';

// Signed webhooks against a real server (SQLite and PostgreSQL) and a receiver on loopback
// (WEBHOOKS_ALLOW_PRIVATE=true) that checks every signature with the webhook's secret. The
// server's clock is the test's: a retry or a day of failures is a move of `now`, then a poke.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: {
    id: string;
    type: string;
    created: string;
    organization: string;
    data: Record<string, unknown>;
  };
}

/** A receiver: answers each path from its script of statuses (then 200), and keeps requests. */
class Receiver {
  readonly received: Received[] = [];
  readonly scripts = new Map<string, number[]>();
  server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      this.received.push({ path, headers: request.headers, body, payload: JSON.parse(body) });
      const status = path.startsWith('/fail') ? 500 : (this.scripts.get(path)?.shift() ?? 200);
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  url = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string) {
    return this.received.filter((request) => request.path === path);
  }
}

let now = Date.parse('2031-05-01T12:00:00Z');
let server: TestServer;
let root: PocketBase;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let other: Awaited<ReturnType<typeof signUpOwner>>;
const receiver = new Receiver();

interface Webhook {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  failingSince: string;
  disabledReason: string;
  secret?: string;
  organization: string;
}

function addWebhook(pb: PocketBase, body: Record<string, unknown>): Promise<Webhook> {
  return pb.send('/api/v1/webhooks', { method: 'POST', body });
}

/** Everything queued is sent (or has failed its attempt) and logged. */
async function delivered() {
  await server.app.webhooks.idle();
}

/** The clock moves on, and the senders look at the queue. */
async function later(ms: number) {
  now += ms;
  server.app.webhooks.poke();
  await delivered();
}

function signedProperly(request: Received, secret: string): boolean {
  return verifySignature(
    secret,
    String(request.headers['airgrid-signature']),
    request.body,
    Math.floor(now / 1000),
  );
}

beforeAll(async () => {
  await receiver.start();
  server = await startTestServer({
    clock: { now: () => now },
    env: { WEBHOOKS_ALLOW_PRIVATE: 'true' },
    // Only pokes move the queue, so each test says when deliveries go.
    webhooks: { pollMs: 3600_000 },
  });
  root = await superuser(server);
  station = await signUpOwner(server);
  other = await signUpOwner(server);
});

afterAll(async () => {
  await server?.stop();
  receiver.server.close();
});

describe('making a webhook', () => {
  it('answers its secret once, keeps it out of lists, and shows it to owners by its route', async () => {
    const hook = await addWebhook(station.pb, {
      url: `${receiver.url}/made`,
      events: ['timeslot.created'],
      description: 'Playout',
    });
    expect(hook).toMatchObject({ enabled: true, events: ['timeslot.created'], failingSince: '' });
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await station.pb.collection('webhooks').getOne(hook.id);
    expect(listed.secret).toBeUndefined();
    expect(listed.description).toBe('Playout');
    const shown = await station.pb.send(`/api/v1/webhooks/${hook.id}/secret`, {});
    expect(shown).toEqual({ secret: hook.secret });
  });

  it('refuses bad fields with 400s naming them', async () => {
    const refused = await failure(
      addWebhook(station.pb, { url: 'http://example.org/x', events: ['nope'] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.url).toMatchObject({ message: expect.stringMatching(/https:\/\//) });
    expect(refused.data.events).toMatchObject({ code: 'validation_invalid_value' });
    const none = await failure(addWebhook(station.pb, { url: `${receiver.url}/x`, events: [] }));
    expect(Object.keys(none.data)).toEqual(['events']);
    const odd = await failure(
      addWebhook(station.pb, { url: `${receiver.url}/x`, events: ['ping'], enabled: 'yes' }),
    );
    expect(Object.keys(odd.data).sort()).toEqual(['enabled', 'events']);
  });

  it('is made and changed only by its routes, never by the record API', async () => {
    const create = await failure(
      station.pb.collection('webhooks').create({
        organization: station.organization.id,
        url: `${receiver.url}/x`,
        events: ['show.changed'],
      }),
    );
    expect(create.status).toBe(403);
    const hook = await addWebhook(station.pb, {
      url: `${receiver.url}/x`,
      events: ['show.changed'],
    });
    const update = await failure(
      station.pb.collection('webhooks').update(hook.id, { url: 'http://10.0.0.1/' }),
    );
    expect(update.status).toBe(403);
    await station.pb.collection('webhooks').delete(hook.id);
  });
});

describe('events', () => {
  it('send a timeslot created, updated and deleted and a show change once each, signed', async () => {
    const hook = await addWebhook(station.pb, {
      url: `${receiver.url}/all`,
      events: ['timeslot.created', 'timeslot.updated', 'timeslot.deleted', 'show.changed'],
    });
    const org = station.organization.id;
    const channel = await createChannel(station.pb, org);
    const show = await createShow(station.pb, org, { title: 'Town Hall' });
    const slot = await createTimeslot(station.pb, org, { channel: channel.id, show: show.id });
    await station.pb.collection('timeslots').update(slot.id, { note: 'moved' });
    await station.pb.collection('timeslots').delete(slot.id);
    await delivered();

    const requests = receiver.at('/all');
    const types = requests.map((request) => request.payload.type);
    expect(types.filter((type) => type === 'timeslot.created')).toHaveLength(1);
    expect(types.filter((type) => type === 'timeslot.updated')).toHaveLength(1);
    expect(types.filter((type) => type === 'timeslot.deleted')).toHaveLength(1);
    expect(types.filter((type) => type === 'show.changed').length).toBeGreaterThanOrEqual(1);
    for (const request of requests) {
      expect(signedProperly(request, hook.secret ?? '')).toBe(true);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toMatch(/^Airgrid-Webhooks/);
      expect(request.headers['airgrid-event']).toBe(request.payload.type);
      expect(request.headers['airgrid-delivery']).toBe(request.payload.id);
      expect(request.payload.organization).toBe(org);
    }
    const created = requests.find((request) => request.payload.type === 'timeslot.created');
    expect(created?.payload.data.record).toMatchObject({ id: slot.id, channel: channel.id });
    const showChange = requests.find((request) => request.payload.type === 'show.changed');
    expect(showChange?.payload.data).toMatchObject({
      action: 'created',
      record: { id: show.id, title: 'Town Hall' },
    });
    // Each delivery once: no id twice.
    expect(new Set(requests.map((request) => request.payload.id)).size).toBe(requests.length);

    const log = await station.pb
      .collection('webhookDeliveries')
      .getFullList({ filter: `webhook = "${hook.id}"` });
    expect(log).toHaveLength(requests.length);
    for (const delivery of log) {
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200 });
      expect(delivery.lockedBy).toBeUndefined();
      expect(typeof delivery.responseMs).toBe('number');
    }
  });

  it('go only to enabled webhooks of the organization that listen to them', async () => {
    await addWebhook(station.pb, { url: `${receiver.url}/shows-only`, events: ['show.changed'] });
    const off = await addWebhook(station.pb, {
      url: `${receiver.url}/off`,
      events: ['show.changed'],
      enabled: false,
    });
    await addWebhook(other.pb, { url: `${receiver.url}/other`, events: ['show.changed'] });
    const channel = await createChannel(station.pb, station.organization.id);
    const show = await createShow(station.pb, station.organization.id);
    await createTimeslot(station.pb, station.organization.id, {
      channel: channel.id,
      show: show.id,
      start: '2031-01-13 12:00:00.000Z',
    });
    await delivered();
    expect(receiver.at('/shows-only').map((r) => r.payload.type)).toEqual(['show.changed']);
    expect(receiver.at('/off')).toEqual([]);
    expect(receiver.at('/other')).toEqual([]);
    expect(off.enabled).toBe(false);
  });
});

describe('a receiver that fails', () => {
  it('gets the delivery again after the backoff, and the webhook recovers', async () => {
    receiver.scripts.set('/flaky', [500]);
    const hook = await addWebhook(station.pb, {
      url: `${receiver.url}/flaky`,
      events: ['show.changed'],
    });
    await createShow(station.pb, station.organization.id);
    await delivered();
    expect(receiver.at('/flaky')).toHaveLength(1);
    const [first] = await station.pb
      .collection('webhookDeliveries')
      .getFullList({ filter: `webhook = "${hook.id}"` });
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(first?.error).toMatch(/500/);
    expect((await station.pb.collection('webhooks').getOne(hook.id)).failingSince).not.toBe('');

    // Not yet due: nothing goes.
    await later(30_000);
    expect(receiver.at('/flaky')).toHaveLength(1);
    await later(31_000);
    const requests = receiver.at('/flaky');
    expect(requests).toHaveLength(2);
    expect(requests[1]?.payload.id).toBe(requests[0]?.payload.id);
    expect(signedProperly(requests[1] as Received, hook.secret ?? '')).toBe(true);
    const again = await station.pb.collection('webhookDeliveries').getOne(first?.id ?? '');
    expect(again).toMatchObject({
      status: 'delivered',
      attempts: 2,
      responseStatus: 200,
      error: '',
    });
    expect((await station.pb.collection('webhooks').getOne(hook.id)).failingSince).toBe('');
  });

  it('failing for a day is turned off, and its owners and admins are told once', async () => {
    const admin = await createMember(server, station.organization.id, 'admin', root);
    const editor = await createMember(server, station.organization.id, 'editor', root);
    const hook = await addWebhook(station.pb, {
      url: `${receiver.url}/fail`,
      events: ['show.changed'],
    });
    await createShow(station.pb, station.organization.id);
    await createShow(station.pb, station.organization.id);
    await delivered();
    expect(receiver.at('/fail')).toHaveLength(2);
    // Retries through the day (each due one fails), then past a day of failures.
    for (const step of [60_000, 120_000, 3600_000, 6 * 3600_000, 8 * 3600_000, 10 * 3600_000])
      await later(step);

    const turnedOff = await station.pb.collection('webhooks').getOne(hook.id);
    expect(turnedOff.enabled).toBe(false);
    expect(turnedOff.disabledReason).toMatch(/failed/);
    for (const member of [station, admin]) {
      const told = await member.pb
        .collection('notifications')
        .getFullList({ filter: 'title = "A webhook was turned off"' });
      expect(told, member.record.name).toHaveLength(1);
      expect(told[0]?.body).toContain('/fail');
    }
    expect(
      await editor.pb
        .collection('notifications')
        .getFullList({ filter: 'title = "A webhook was turned off"' }),
    ).toEqual([]);

    // Nothing more is sent to it, and its waiting deliveries have failed.
    const sent = receiver.at('/fail').length;
    await later(24 * 3600_000);
    expect(receiver.at('/fail')).toHaveLength(sent);
    const log = await station.pb
      .collection('webhookDeliveries')
      .getFullList({ filter: `webhook = "${hook.id}"` });
    expect(log.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);

    // Turned back on by an owner: the failure state is cleared.
    const back = await station.pb.send(`/api/v1/webhooks/${hook.id}`, {
      method: 'PATCH',
      body: { enabled: true },
    });
    expect(back).toMatchObject({ enabled: true, failingSince: '', disabledReason: '' });
    await station.pb.collection('webhooks').delete(hook.id);
    expect(
      await root.collection('webhookDeliveries').getFullList({ filter: `webhook = "${hook.id}"` }),
    ).toEqual([]);
  });
});

describe('the test event', () => {
  it('sends a signed ping now and answers how it went, logged as a delivery', async () => {
    const hook = await addWebhook(station.pb, {
      url: `${receiver.url}/ping`,
      events: ['sync.finished'],
    });
    const outcome = await station.pb.send(`/api/v1/webhooks/${hook.id}/test`, { method: 'POST' });
    expect(outcome).toMatchObject({ status: 'delivered', responseStatus: 200, error: '' });
    expect(typeof outcome.responseMs).toBe('number');
    const [ping] = receiver.at('/ping');
    expect(ping?.payload).toMatchObject({ id: outcome.delivery, type: 'ping' });
    expect(signedProperly(ping as Received, hook.secret ?? '')).toBe(true);
    const logged = await station.pb.collection('webhookDeliveries').getOne(outcome.delivery);
    expect(logged).toMatchObject({ event: 'ping', status: 'delivered', attempts: 1 });

    const failing = await addWebhook(station.pb, {
      url: `${receiver.url}/fail-ping`,
      events: ['sync.finished'],
    });
    const failed = await station.pb.send(`/api/v1/webhooks/${failing.id}/test`, { method: 'POST' });
    expect(failed).toMatchObject({ status: 'failed', responseStatus: 500 });
    // A test does not count towards the webhook's failures.
    expect((await station.pb.collection('webhooks').getOne(failing.id)).failingSince).toBe('');
  });

  it('checks the address again when it sends (a name may resolve elsewhere by now)', async () => {
    // As if the name had moved to a private address since it was saved: written past the
    // route's check by a superuser, and sent by a server that enforces the rule.
    const strict = await startTestServer({ webhooks: { pollMs: 3600_000 } });
    try {
      const owner = await signUpOwner(strict);
      const su = await superuser(strict);
      const hook = await su.collection('webhooks').create({
        organization: owner.organization.id,
        url: 'https://localhost:1/hook',
        events: ['show.changed'],
        enabled: true,
      });
      const outcome = await owner.pb.send(`/api/v1/webhooks/${hook.id}/test`, { method: 'POST' });
      expect(outcome).toMatchObject({ status: 'failed', responseStatus: 0 });
      expect(outcome.error).toMatch(/Refused address/);

      // And on save, without WEBHOOKS_ALLOW_PRIVATE: no plain http, no private addresses.
      for (const url of [
        `${receiver.url}/x`,
        'https://127.0.0.1/x',
        'https://[::1]/x',
        'https://169.254.169.254/latest',
        'https://localhost/x',
      ]) {
        const refused = await failure(addWebhook(owner.pb, { url, events: ['show.changed'] }));
        expect(refused.status, url).toBe(400);
        expect(Object.keys(refused.data), url).toEqual(['url']);
      }
    } finally {
      await strict.stop();
    }
  });
});

describe('who may', () => {
  let hook: Webhook;
  let deliveryId: string;

  beforeAll(async () => {
    // Tokens follow the server's clock, which earlier tests moved days on.
    root = await superuser(server);
    await station.pb.collection('users').authRefresh();
    await other.pb.collection('users').authRefresh();
    hook = await addWebhook(station.pb, {
      url: `${receiver.url}/private`,
      events: ['sync.finished'],
    });
    deliveryId = (await station.pb.send(`/api/v1/webhooks/${hook.id}/test`, { method: 'POST' }))
      .delivery;
  });

  async function refusedEverything(pb: PocketBase) {
    expect(await pb.collection('webhooks').getFullList({ filter: `id = "${hook.id}"` })).toEqual(
      [],
    );
    expect(await pb.collection('webhookDeliveries').getFullList()).toEqual([]);
    expect((await failure(pb.collection('webhooks').getOne(hook.id))).status).toBe(404);
    expect((await failure(pb.collection('webhookDeliveries').getOne(deliveryId))).status).toBe(404);
    expect((await failure(pb.send(`/api/v1/webhooks/${hook.id}/secret`, {}))).status).toBe(404);
    const test = await failure(pb.send(`/api/v1/webhooks/${hook.id}/test`, { method: 'POST' }));
    expect(test.status).toBe(404);
    const patch = await failure(
      pb.send(`/api/v1/webhooks/${hook.id}`, { method: 'PATCH', body: { enabled: false } }),
    );
    expect(patch.status).toBe(404);
    expect((await failure(pb.collection('webhooks').delete(hook.id))).status).toBe(404);
  }

  it("another organization's owner sees and uses none of it", async () => {
    await refusedEverything(other.pb);
  });

  it('editors, viewers and API keys of the organization do not either', async () => {
    for (const role of ['editor', 'viewer', 'producer'] as const) {
      const member = await createMember(server, station.organization.id, role, root);
      await refusedEverything(member.pb);
      const made = await failure(
        addWebhook(member.pb, { url: `${receiver.url}/x`, events: ['show.changed'] }),
      );
      expect(made.status).toBe(403);
    }
    const { key } = await station.pb.send('/api/v1/api-keys', {
      method: 'POST',
      body: { name: 'Playout', role: 'editor' },
    });
    const script = client(server);
    script.authStore.save(key);
    await refusedEverything(script);
    const made = await failure(
      addWebhook(script, { url: `${receiver.url}/x`, events: ['show.changed'] }),
    );
    expect(made.status).toBe(401);
  });

  it('an admin of the organization may, like its owner', async () => {
    const admin = await createMember(server, station.organization.id, 'admin', root);
    expect((await admin.pb.collection('webhooks').getOne(hook.id)).id).toBe(hook.id);
    expect(await admin.pb.send(`/api/v1/webhooks/${hook.id}/secret`, {})).toEqual({
      secret: hook.secret,
    });
    const changed = await admin.pb.send(`/api/v1/webhooks/${hook.id}`, {
      method: 'PATCH',
      body: { description: 'Changed by an admin', events: ['show.changed'] },
    });
    expect(changed).toMatchObject({ description: 'Changed by an admin', events: ['show.changed'] });
    expect(changed.secret).toBeUndefined();
  });
});
