import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createMember,
  createShow,
  failure,
  signUp,
  signUpOwner,
  superuser,
} from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// Statuses and messages the contract fixes, one by one.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('locked rules', () => {
  it('answer 403 for every action on a superusers-only collection', async () => {
    const user = await signUp(server);
    const message = 'Only superusers can perform this action.';
    expect(await failure(user.pb.collection('waitlist').getList())).toEqual({
      status: 403,
      message,
      data: {},
    });
    expect(await failure(user.pb.collection('waitlist').getOne('aaaaaaaaaaaaaaa'))).toMatchObject({
      status: 403,
      message,
    });
    expect(
      await failure(user.pb.collection('waitlist').update('aaaaaaaaaaaaaaa', {})),
    ).toMatchObject({ status: 403, message });
    expect(await failure(user.pb.collection('waitlist').delete('aaaaaaaaaaaaaaa'))).toMatchObject({
      status: 403,
      message,
    });
    expect(await failure(user.pb.collection('_superusers').getList())).toMatchObject({
      status: 403,
      message,
    });
  });

  it('keep the waitlist to superusers: guests join through POST /api/v1/waitlist', async () => {
    expect(
      await failure(client(server).collection('waitlist').create({ email: 'pat@example.org' })),
    ).toMatchObject({ status: 403, message: 'Only superusers can perform this action.' });
    const root = await superuser(server);
    const entry = await root
      .collection('waitlist')
      .create({ email: 'Station@Example.org', name: 'Pat', station: 'KXYZ', note: 'Hi' });
    expect(entry).toMatchObject({ email: 'station@example.org', station: 'KXYZ' });
    expect((await root.collection('waitlist').getFullList()).map((e) => e.id)).toContain(entry.id);
  });

  it('let anyone send feedback, signed by the sender when signed in', async () => {
    const user = await signUp(server);
    const sent = await user.pb
      .collection('feedback')
      .create({ message: 'Love the guide', page: '/tvguide' });
    expect(sent).toMatchObject({
      user: user.record.id,
      email: user.email,
      message: 'Love the guide',
    });
    const anonymous = await client(server)
      .collection('feedback')
      .create({ message: 'Hello', email: 'a@example.org' });
    expect(anonymous.user).toBe('');
    expect(
      await failure(
        client(server).collection('feedback').create({ message: 'Forged', user: user.record.id }),
      ),
    ).toMatchObject({ status: 400 });
  });
});

describe('list parameters', () => {
  it('refuse a page or perPage that is not a whole number', async () => {
    const user = await signUp(server);
    for (const query of ['page=abc', 'perPage=1.5']) {
      const response = await fetch(`${server.url}/api/collections/channels/records?${query}`, {
        headers: { Authorization: user.pb.authStore.token },
      });
      expect(response.status, query).toBe(400);
    }
    const zero = await fetch(`${server.url}/api/collections/channels/records?page=0&perPage=0`, {
      headers: { Authorization: user.pb.authStore.token },
    });
    expect(await zero.json()).toMatchObject({ page: 1, perPage: 30 });
  });

  it('keep @collection filters for superusers', async () => {
    const user = await signUp(server);
    expect(
      await failure(
        user.pb.collection('channels').getList(1, 1, { filter: '@collection.users.id != ""' }),
      ),
    ).toEqual({
      status: 403,
      message: 'Only superusers can filter by @collection.',
      data: {},
    });
  });

  it('refuse filters longer than 3500 characters', async () => {
    const user = await signUp(server);
    const filter = Array.from({ length: 400 }, () => 'name = "xx"').join(' || ');
    expect(await failure(user.pb.collection('channels').getList(1, 1, { filter }))).toMatchObject({
      status: 400,
    });
  });

  it('refuse hidden fields in client filters', async () => {
    const user = await signUp(server);
    expect(
      await failure(user.pb.collection('users').getList(1, 1, { filter: 'tokenKey != ""' })),
    ).toMatchObject({ status: 400 });
    expect(
      await failure(user.pb.collection('users').getList(1, 1, { filter: 'password != ""' })),
    ).toMatchObject({ status: 400 });
  });

  it('refuse filtering or sorting by email to all but superusers, who may', async () => {
    // Email is hidden unless emailVisibility allows: a member filtering or sorting by it would
    // learn the hidden addresses a character at a time, or their order (PocketBase refuses too).
    const owner = await signUpOwner(server);
    const member = await createMember(server, owner.organization.id, 'editor');
    await createShow(owner.pb, owner.organization.id, { producer: member.record.id });
    const users = member.pb.collection('users');
    // Sent one at a time: made at once, a refusal would reject before its turn to be awaited,
    // an unhandled rejection for a moment.
    const refusals = [
      () => users.getList(1, 10, { filter: `email = "${owner.email}"` }),
      () => users.getList(1, 10, { filter: 'email ~ "a"' }),
      () => users.getList(1, 10, { sort: 'email' }),
      () => users.getList(1, 10, { sort: '-email' }),
      () => users.getList(1, 10, { filter: 'email:lower ~ "a"' }),
      () => member.pb.collection('shows').getList(1, 10, { filter: 'producer.email ~ "a"' }),
      () => member.pb.collection('shows').getList(1, 10, { sort: 'producer.email' }),
    ];
    for (const refused of refusals)
      expect(await failure(refused())).toMatchObject({ status: 400, data: {} });
    // Their own address is no exception: the rule is about the field, not the row.
    expect(
      await failure(users.getList(1, 10, { filter: `email = "${member.email}"` })),
    ).toMatchObject({ status: 400 });
    // Sorting and filtering by other fields still works for the member.
    expect((await users.getList(1, 10, { sort: 'name' })).totalItems).toBe(2);

    const root = await superuser(server);
    const found = await root
      .collection('users')
      .getList(1, 10, { filter: `email = "${member.email}"`, sort: '-email' });
    expect(found.items.map((user) => user.id)).toEqual([member.record.id]);
    const sorted = await root.collection('users').getList(1, 10, {
      filter: `organization = "${owner.organization.id}"`,
      sort: 'email',
    });
    expect(sorted.items.map((user) => user.email)).toEqual([owner.email, member.email].sort());
    const shows = await root
      .collection('shows')
      .getList(1, 10, { filter: `producer.email = "${member.email}"`, sort: 'producer.email' });
    expect(shows.totalItems).toBe(1);
  });
});

describe('auth endpoints', () => {
  it('answer 404 for a collection that is not an auth collection', async () => {
    expect(
      await failure(client(server).collection('channels').authWithPassword('a@b.org', 'x')),
    ).toEqual({
      status: 404,
      message: 'Missing or invalid auth collection context.',
      data: {},
    });
  });

  it('list the sign-in methods', async () => {
    const methods = await client(server).collection('users').listAuthMethods();
    expect(methods.password).toEqual({ enabled: true, identityFields: ['email'] });
    expect(methods.oauth2.enabled).toBe(false);
  });

  it('validate the sign-in body', async () => {
    const result = await failure(client(server).collection('users').authWithPassword('', ''));
    expect(result).toMatchObject({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      data: {
        identity: { code: 'validation_required' },
        password: { code: 'validation_required' },
      },
    });
  });

  it('require a token of the same collection to refresh', async () => {
    expect(await failure(client(server).collection('users').authRefresh())).toEqual({
      status: 401,
      message: 'The request requires valid record authorization token.',
      data: {},
    });
    const root = await superuser(server);
    expect(await failure(root.collection('users').authRefresh())).toEqual({
      status: 403,
      message: 'The request requires auth record from users collection.',
      data: {},
    });
  });

  it('send the signed-in user their own email and never a password', async () => {
    const user = await signUp(server);
    expect(user.pb.authStore.record?.email).toBe(user.email);
    const refreshed = await user.pb.collection('users').authRefresh();
    expect(refreshed.record.email).toBe(user.email);
    expect(JSON.stringify(refreshed)).not.toMatch(/password|tokenKey/);
  });

  it('lists and unlinks external auths through the records API', async () => {
    const user = await signUp(server);
    expect(await user.pb.collection('users').listExternalAuths(user.record.id)).toEqual([]);
    const root = await superuser(server);
    await root.collection('_externalAuths').create({
      collectionRef: '_pb_users_auth_',
      recordRef: user.record.id,
      provider: 'google',
      providerId: 'g-123',
    });
    const stranger = await signUp(server);
    expect(await stranger.pb.collection('users').listExternalAuths(user.record.id)).toEqual([]);
    const linked = await user.pb.collection('users').listExternalAuths(user.record.id);
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({
      provider: 'google',
      providerId: 'g-123',
      recordRef: user.record.id,
    });
    expect(await user.pb.collection('users').unlinkExternalAuth(user.record.id, 'google')).toBe(
      true,
    );
    expect(await user.pb.collection('users').listExternalAuths(user.record.id)).toEqual([]);
  });

  it('adds superuser details to the health check', async () => {
    const root = await superuser(server);
    const health = await root.health.check();
    expect(health).toMatchObject({
      code: 200,
      message: 'API is healthy.',
      data: { canBackup: expect.any(Boolean) },
    });
    expect(await client(server).health.check()).toEqual({
      code: 200,
      message: 'API is healthy.',
      data: {},
    });
  });
});
