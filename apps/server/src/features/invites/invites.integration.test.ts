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

describe('accepting invites in parallel', () => {
  const GONE = 'This invite does not exist, was already used or has expired.';
  const ALREADY = 'You already belong to an organization: leave it before joining another.';

  async function inviteFrom(admin: typeof owner, email: string, role = 'editor') {
    const invite = await admin.pb
      .collection('invites')
      .create({ organization: admin.organization.id, email, role });
    return { id: invite.id, token: await tokenOf(invite.id) };
  }

  async function membershipOf(userId: string) {
    return server.database.db
      .selectFrom('users')
      .select(['organization', 'role'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  async function isAccepted(inviteId: string) {
    const row = await server.database.db
      .selectFrom('invites')
      .select('accepted')
      .where('id', '=', inviteId)
      .executeTakeFirstOrThrow();
    return Boolean(row.accepted);
  }

  it('lets one of ten parallel accepts of one invite succeed; the others are told it is used', async () => {
    const invitee = await signUp(server, { name: 'Eager' });
    const invite = await inviteFrom(owner, invitee.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/v1/invites/accept', { token: invite.token }, invitee.pb.authStore.token),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      // Those that lost the race on the invite get 404; any that started after the winner
      // committed see the user already in an organization.
      expect([
        { status: 404, message: GONE },
        { status: 400, message: ALREADY },
      ]).toContainEqual({ status: answer.status, message: answer.body.message });
    }
    expect(await membershipOf(invitee.record.id)).toEqual({
      organization: owner.organization.id,
      role: 'editor',
    });
    expect(await isAccepted(invite.id)).toBe(true);
  });

  it('lets a user invited by two organizations join only one when accepting both at once', async () => {
    const other = await signUpOwner(server);
    for (let round = 0; round < 3; round += 1) {
      const invitee = await signUp(server, { name: 'Wanted' });
      const invites = [
        { ...(await inviteFrom(owner, invitee.email, 'viewer')), organization: owner.organization },
        {
          ...(await inviteFrom(other, invitee.email, 'producer')),
          organization: other.organization,
        },
      ];
      const answers = await Promise.all(
        invites.map((invite) =>
          post('/api/v1/invites/accept', { token: invite.token }, invitee.pb.authStore.token),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const winner = answers.findIndex((answer) => answer.status === 200);
      const loser = 1 - winner;
      expect(answers[loser]?.body.message).toBe(ALREADY);
      const won = invites[winner];
      const lost = invites[loser];
      if (!won || !lost) throw new Error('two invites expected');
      expect(await membershipOf(invitee.record.id)).toEqual({
        organization: won.organization.id,
        role: winner === 0 ? 'viewer' : 'producer',
      });
      // The losing invite was rolled back with the join: it can still be used later.
      expect(await isAccepted(won.id)).toBe(true);
      expect(await isAccepted(lost.id)).toBe(false);
    }
  });
});
