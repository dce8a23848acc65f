import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, createShow, createTimeslot, failure, signUpOwner } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let other: Awaited<ReturnType<typeof signUpOwner>>;
let pb: PocketBase;
let channel: { id: string };
let show: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpOwner(server);
  other = await signUpOwner(server);
  pb = owner.pb;
  const organization = owner.organization.id;
  channel = await createChannel(pb, organization, { name: 'One', slug: 'one' });
  const series = await pb.collection('series').create({ organization, title: 'Season' });
  show = await createShow(pb, organization, { title: 'Pilot', series: series.id });
  for (const hour of [18, 19]) {
    await createTimeslot(pb, organization, {
      channel: channel.id,
      show: show.id,
      start: `2026-11-23 ${hour}:00:00.000Z`,
    });
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('expand', () => {
  it('expands relations, nested paths and back-relations', async () => {
    const slots = await pb
      .collection('timeslots')
      .getFullList({ expand: 'show.series,channel', sort: 'start' });
    expect(slots).toHaveLength(2);
    expect(slots[0]?.expand?.show).toMatchObject({
      id: show.id,
      title: 'Pilot',
      expand: { series: { title: 'Season' } },
    });
    expect(slots[0]?.expand?.channel).toMatchObject({ id: channel.id, name: 'One' });

    const withAirings = await pb
      .collection('shows')
      .getOne(show.id, { expand: 'timeslots_via_show' });
    expect(withAirings.expand?.timeslots_via_show).toHaveLength(2);
  });

  it('sends an empty expand when asked and nothing matched, and none when not asked', async () => {
    const plain = await pb.collection('channels').getOne(channel.id);
    expect(plain.expand).toBeUndefined();
    const asked = await pb
      .collection('channels')
      .getOne(channel.id, { expand: 'nosuch.deeper,unknown' });
    expect(asked.expand).toEqual({});
  });

  it('drops a path that fails further down, first levels too, as PocketBase does', async () => {
    const failed = await pb
      .collection('channels')
      .getOne(channel.id, { expand: 'timeslots_via_channel.nosuch' });
    expect(failed.expand).toEqual({});
    // Another path through the same relation that succeeds keeps it, without the failed part.
    const mixed = await pb
      .collection('timeslots')
      .getFullList({ expand: 'show.nosuch,show.series', sort: 'start' });
    expect(mixed[0]?.expand?.show).toMatchObject({
      id: show.id,
      expand: { series: { title: 'Season' } },
    });
    expect(Object.keys(mixed[0]?.expand?.show?.expand ?? {})).toEqual(['series']);
    // Nothing to expand at a level means nothing there can fail.
    const lonely = await createChannel(pb, owner.organization.id, { name: 'Two', slug: 'two' });
    const empty = await pb
      .collection('channels')
      .getOne(lonely.id, { expand: 'timeslots_via_channel.nosuch' });
    expect(empty.expand).toEqual({});
  });

  it('leaves out related records the requester may not view', async () => {
    const foreign = await other.pb.collection('timeslots').getList(1, 10, { expand: 'show' });
    expect(foreign.items).toEqual([]);
    // A user's organization is theirs to view; another organization never appears in an expand.
    const me = await other.pb
      .collection('users')
      .getOne(other.record.id, { expand: 'organization' });
    expect(me.expand?.organization).toMatchObject({ id: other.organization.id });
  });
});

describe('batch', () => {
  it('runs creates, updates, upserts and deletes in one transaction', async () => {
    const batch = pb.createBatch();
    batch.collection('shows').create({ organization: owner.organization.id, title: 'Batch A' });
    batch.collection('shows').update(show.id, { subtitle: 'Updated in a batch' });
    batch.collection('shows').upsert({ organization: owner.organization.id, title: 'Batch B' });
    const results = await batch.send();
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(results[0]?.body).toMatchObject({ title: 'Batch A' });
    expect((await pb.collection('shows').getOne(show.id)).subtitle).toBe('Updated in a batch');

    const cleanup = pb.createBatch();
    const created = results[0]?.body as { id: string };
    cleanup.collection('shows').delete(created.id);
    expect((await cleanup.send())[0]).toEqual({ body: null, status: 204 });
  });

  it('rolls everything back when one request fails, and says which', async () => {
    const before = (await pb.collection('shows').getList(1, 1)).totalItems;
    const batch = pb.createBatch();
    batch.collection('shows').create({ organization: owner.organization.id, title: 'Rolled back' });
    batch.collection('shows').create({ organization: owner.organization.id });
    const result = await failure(batch.send());
    expect(result.status).toBe(400);
    expect(result.message).toBe('Batch transaction failed.');
    expect(result.data).toMatchObject({
      requests: {
        '1': {
          code: 'batch_request_failed',
          message: 'Batch request failed.',
          response: {
            status: 400,
            message: 'Failed to create record.',
            data: { title: { code: 'validation_required' } },
          },
        },
      },
    });
    expect((await pb.collection('shows').getList(1, 1)).totalItems).toBe(before);
  });

  it('applies the same rules as single requests', async () => {
    const batch = other.pb.createBatch();
    batch.collection('shows').update(show.id, { title: 'Not yours' });
    const result = await failure(batch.send());
    expect(result.data).toMatchObject({ requests: { '0': { response: { status: 404 } } } });
  });

  it('refuses an empty batch', async () => {
    const response = await fetch(`${server.url}/api/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: pb.authStore.token },
      body: JSON.stringify({ requests: [] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Invalid batch request data.',
      data: { requests: { code: 'validation_required' } },
    });
  });
});
