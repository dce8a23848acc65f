import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, failure, signUp, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpOwner(server);
});

afterAll(async () => {
  await server?.stop();
});

async function tokenOf(inviteId: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('invites')
    .select('token')
    .where('id', '=', inviteId)
    .executeTakeFirstOrThrow();
  return row.token;
}

async function post(path: string, body: unknown, token = '') {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('invites', () => {
  it('lets an admin invite an email with a role, and the invitee join', async () => {
    const invitee = await signUp(server, { name: 'Invitee' });
    const invite = await owner.pb.collection('invites').create({
      organization: owner.organization.id,
      email: invitee.email.toUpperCase(),
      role: 'editor',
    });
    expect(invite).toMatchObject({
      email: invitee.email.toLowerCase(),
      role: 'editor',
      accepted: false,
    });
    expect(invite.token).toBeUndefined();
    const token = await tokenOf(invite.id);

    const preview = await fetch(`${server.url}/api/v1/invites/${token}`);
    expect(await preview.json()).toMatchObject({
      organization: { id: owner.organization.id },
      role: 'editor',
    });

    const accepted = await post('/api/v1/invites/accept', { token }, invitee.pb.authStore.token);
    expect(accepted).toEqual({
      status: 200,
      body: {
        organization: { id: owner.organization.id, name: owner.organization.name },
        role: 'editor',
      },
    });
    await invitee.pb.collection('users').authRefresh();
    expect(invitee.pb.authStore.record).toMatchObject({
      organization: owner.organization.id,
      role: 'editor',
    });
    expect((await invitee.pb.collection('channels').getList()).items).toEqual([]);

    const again = await post('/api/v1/invites/accept', { token }, invitee.pb.authStore.token);
    expect(again.status).toBe(404);
  });

  it('accepts only for the invited email, signed in', async () => {
    const invite = await owner.pb.collection('invites').create({
      organization: owner.organization.id,
      email: 'someone-else@example.org',
      role: 'viewer',
    });
    const token = await tokenOf(invite.id);
    const stranger = await signUp(server);
    expect(
      (await post('/api/v1/invites/accept', { token }, stranger.pb.authStore.token)).status,
    ).toBe(403);
    expect((await post('/api/v1/invites/accept', { token })).status).toBe(401);
    expect(
      (await post('/api/v1/invites/accept', {}, stranger.pb.authStore.token)).body,
    ).toMatchObject({
      data: { token: { code: 'validation_required' } },
    });
  });

  it('keeps invites to admins of the organization', async () => {
    const outsider = await signUpOwner(server);
    expect(
      await failure(
        outsider.pb
          .collection('invites')
          .create({ organization: owner.organization.id, email: 'x@example.org', role: 'viewer' }),
      ),
    ).toMatchObject({ status: 400 });
    expect((await outsider.pb.collection('invites').getList()).items).toEqual([]);
    expect((await client(server).collection('invites').getList()).items).toEqual([]);
  });
});
