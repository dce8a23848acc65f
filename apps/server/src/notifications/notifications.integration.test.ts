import { EventSource } from 'eventsource';
import type { RecordSubscription } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, signUp, signUpOwner } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

(globalThis as { EventSource?: unknown }).EventSource = EventSource;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let invitee: Awaited<ReturnType<typeof signUp>>;
const received: { owner: RecordSubscription[]; invitee: RecordSubscription[] } = {
  owner: [],
  invitee: [],
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpOwner(server);
  invitee = await signUp(server, { name: 'Robin' });
  await owner.pb.collection('notifications').subscribe('*', (event) => received.owner.push(event));
  await invitee.pb
    .collection('notifications')
    .subscribe('*', (event) => received.invitee.push(event));
  const invite = await owner.pb
    .collection('invites')
    .create({ organization: owner.organization.id, email: invitee.email, role: 'editor' });
  const { token } = await server.database.db
    .selectFrom('invites')
    .select('token')
    .where('id', '=', invite.id)
    .executeTakeFirstOrThrow();
  const response = await fetch(`${server.url}/api/v1/invites/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: invitee.pb.authStore.token },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
});

afterAll(async () => {
  await owner?.pb.realtime.unsubscribe();
  await invitee?.pb.realtime.unsubscribe();
  await server?.stop();
});

describe('notifications', () => {
  it('tell admins in realtime when an invite is accepted, and nobody else', async () => {
    await expect.poll(() => received.owner.length).toBe(1);
    expect(received.owner[0]).toMatchObject({
      action: 'create',
      record: {
        user: owner.record.id,
        title: `Robin joined ${owner.organization.name}`,
        type: 'success',
        read: false,
        path: `/members/${invitee.record.id}`,
      },
    });
    await server.app.realtimeSettled();
    expect(received.invitee).toEqual([]);
  });

  it('are visible only to their user', async () => {
    const mine = await owner.pb.collection('notifications').getFullList();
    expect(mine).toHaveLength(1);
    expect(await invitee.pb.collection('notifications').getFullList()).toEqual([]);
    expect(
      await failure(invitee.pb.collection('notifications').getOne(mine[0]?.id ?? '')),
    ).toMatchObject({ status: 404 });
  });

  it('are dismissed with {read: true} and nothing else changes', async () => {
    const [notification] = await owner.pb.collection('notifications').getFullList();
    const id = notification?.id ?? '';
    expect((await owner.pb.collection('notifications').update(id, { read: true })).read).toBe(true);
    expect(
      await failure(owner.pb.collection('notifications').update(id, { title: 'Edited' })),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(invitee.pb.collection('notifications').update(id, { read: false })),
    ).toMatchObject({ status: 404 });
  });

  it('cannot be created by users', async () => {
    expect(
      await failure(
        owner.pb
          .collection('notifications')
          .create({ user: owner.record.id, title: 'Self', type: 'info' }),
      ),
    ).toMatchObject({ status: 403, message: 'Only superusers can perform this action.' });
  });
});
