import type { Role } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createChannel,
  createMember,
  createShow,
  createTimeslot,
  failure,
  signUp,
  signUpOwner,
  superuser,
} from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// The records API through the official SDK, as the web app and station scripts use it.

let server: TestServer;
let root: PocketBase;
let stationA: Awaited<ReturnType<typeof signUpOwner>>;
let stationB: Awaited<ReturnType<typeof signUpOwner>>;

const member = (organization: string, role: Role) => createMember(server, organization, role, root);

beforeAll(async () => {
  server = await startTestServer();
  root = await superuser(server);
  stationA = await signUpOwner(server);
  stationB = await signUpOwner(server);
});

afterAll(async () => {
  await server?.stop();
});

describe('sign-up and organizations', () => {
  it('makes the creator of an organization its owner', async () => {
    expect(stationA.pb.authStore.record).toMatchObject({
      organization: stationA.organization.id,
      role: 'owner',
    });
    expect(stationA.organization).toMatchObject({
      collectionName: 'organizations',
      timeZone: 'America/New_York',
    });
  });

  it('refuses a second organization for someone who has one', async () => {
    const result = await failure(
      stationA.pb
        .collection('organizations')
        .create({ name: 'Other', slug: 'other-one', timeZone: 'UTC' }),
    );
    expect(result).toMatchObject({ status: 400, message: 'Failed to create record.' });
  });

  it('refuses a time zone that does not exist, naming the field', async () => {
    const fresh = await signUp(server);
    const result = await failure(
      fresh.pb
        .collection('organizations')
        .create({ name: 'Mars TV', slug: 'mars-tv', timeZone: 'Mars/Olympus' }),
    );
    expect(result.status).toBe(400);
    expect(result.data.timeZone).toMatchObject({ code: 'validation_invalid_time_zone' });
  });

  it('does not let a sign-up choose an organization or a role', async () => {
    const result = await failure(
      client(server).collection('users').create({
        email: 'sneaky@example.org',
        password: 'long-enough-1',
        passwordConfirm: 'long-enough-1',
        organization: stationA.organization.id,
        role: 'owner',
      }),
    );
    expect(result).toMatchObject({ status: 400, message: 'Failed to create record.' });
  });

  it('reports each bad sign-up field', async () => {
    const result = await failure(
      client(server)
        .collection('users')
        .create({ email: 'not-an-email', password: 'short', passwordConfirm: 'other' }),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      email: { code: 'validation_is_email' },
      password: { code: 'validation_length_out_of_range' },
      passwordConfirm: { code: 'validation_values_mismatch' },
    });
  });

  it('refuses a taken email as not unique', async () => {
    const result = await failure(
      client(server).collection('users').create({
        email: stationA.email.toUpperCase(),
        password: 'long-enough-1',
        passwordConfirm: 'long-enough-1',
      }),
    );
    expect(result.data.email).toEqual({
      code: 'validation_not_unique',
      message: 'Value must be unique.',
    });
  });
});

describe('tenant isolation', () => {
  let channelA: { id: string };

  beforeAll(async () => {
    channelA = await createChannel(stationA.pb, stationA.organization.id, { name: 'A One' });
  });

  it('lists nothing of another organization', async () => {
    const list = await stationB.pb.collection('channels').getFullList();
    expect(list.filter((channel) => channel.organization !== stationB.organization.id)).toEqual([]);
    expect(list.find((channel) => channel.id === channelA.id)).toBeUndefined();
    const orgs = await stationB.pb.collection('organizations').getFullList();
    expect(orgs.map((org) => org.id)).toEqual([stationB.organization.id]);
  });

  it('answers view, update and delete of another organization’s record with 404', async () => {
    for (const call of [
      () => stationB.pb.collection('channels').getOne(channelA.id),
      () => stationB.pb.collection('channels').update(channelA.id, { name: 'Taken' }),
      () => stationB.pb.collection('channels').delete(channelA.id),
      () =>
        stationB.pb.collection('organizations').update(stationA.organization.id, { name: 'Taken' }),
    ]) {
      expect(await failure(call())).toMatchObject({
        status: 404,
        message: "The requested resource wasn't found.",
      });
    }
  });

  it('refuses to create a record inside another organization', async () => {
    const result = await failure(createChannel(stationB.pb, stationA.organization.id));
    expect(result).toMatchObject({ status: 400, message: 'Failed to create record.', data: {} });
  });

  it('refuses to move a record into another organization', async () => {
    const own = await createChannel(stationB.pb, stationB.organization.id);
    const result = await failure(
      stationB.pb.collection('channels').update(own.id, { organization: stationA.organization.id }),
    );
    expect(result.status).toBe(404);
  });

  it('shows guests nothing and lets them write nothing', async () => {
    const guest = client(server);
    expect((await guest.collection('channels').getList(1, 50)).items).toEqual([]);
    expect(await failure(guest.collection('channels').getOne(channelA.id))).toMatchObject({
      status: 404,
    });
    expect(await failure(createChannel(guest, stationA.organization.id))).toMatchObject({
      status: 400,
    });
    expect(await failure(guest.collection('channels').delete(channelA.id))).toMatchObject({
      status: 404,
    });
  });

  it('does not leak rows through filters or sorts on relations', async () => {
    const byOrgName = await stationB.pb
      .collection('channels')
      .getFullList({ filter: `organization.name != ""` });
    expect(byOrgName.every((channel) => channel.organization === stationB.organization.id)).toBe(
      true,
    );
    const sorted = await stationB.pb
      .collection('channels')
      .getFullList({ sort: '-organization.name' });
    expect(sorted.filter((channel) => channel.organization !== stationB.organization.id)).toEqual(
      [],
    );
  });
});

describe('roles', () => {
  it('lets a viewer read but not write', async () => {
    const viewer = await member(stationA.organization.id, 'viewer');
    const channel = await createChannel(stationA.pb, stationA.organization.id);
    expect((await viewer.pb.collection('channels').getOne(channel.id)).id).toBe(channel.id);
    expect(await failure(createChannel(viewer.pb, stationA.organization.id))).toMatchObject({
      status: 400,
    });
    expect(
      await failure(viewer.pb.collection('channels').update(channel.id, { name: 'No' })),
    ).toMatchObject({ status: 404 });
    expect(await failure(viewer.pb.collection('channels').delete(channel.id))).toMatchObject({
      status: 404,
    });
  });

  it('lets an editor manage channels but not the organization', async () => {
    const editor = await member(stationA.organization.id, 'editor');
    const channel = await createChannel(editor.pb, stationA.organization.id);
    expect((await editor.pb.collection('channels').update(channel.id, { number: 7 })).number).toBe(
      7,
    );
    expect(
      await failure(
        editor.pb.collection('organizations').update(stationA.organization.id, { name: 'Renamed' }),
      ),
    ).toMatchObject({ status: 404 });
    await editor.pb.collection('channels').delete(channel.id);
  });

  it('lets a producer manage only their own shows', async () => {
    const producer = await member(stationA.organization.id, 'producer');
    const own = await createShow(producer.pb, stationA.organization.id, {
      producer: producer.record.id,
    });
    expect(
      (await producer.pb.collection('shows').update(own.id, { subtitle: 'Pilot' })).subtitle,
    ).toBe('Pilot');
    const other = await createShow(stationA.pb, stationA.organization.id);
    expect(
      await failure(producer.pb.collection('shows').update(other.id, { title: 'Mine now' })),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(
        createShow(producer.pb, stationA.organization.id, { producer: stationA.record.id }),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await failure(
        producer.pb.collection('channels').create({
          organization: stationA.organization.id,
          name: 'x',
          slug: 'x',
          timeZone: 'UTC',
        }),
      ),
    ).toMatchObject({ status: 400 });
  });

  it('lets an admin change a member’s role but not make owners', async () => {
    const admin = await member(stationA.organization.id, 'admin');
    const viewer = await member(stationA.organization.id, 'viewer');
    expect(
      (await admin.pb.collection('users').update(viewer.record.id, { role: 'editor' })).role,
    ).toBe('editor');
    expect(
      await failure(admin.pb.collection('users').update(viewer.record.id, { role: 'owner' })),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(viewer.pb.collection('users').update(viewer.record.id, { role: 'admin' })),
    ).toMatchObject({ status: 404 });
  });

  it('lets members see each other but hides emails that are not public', async () => {
    const viewer = await member(stationA.organization.id, 'viewer');
    const people = await viewer.pb.collection('users').getFullList();
    expect(people.length).toBeGreaterThan(1);
    expect(people.filter((person) => person.organization !== stationA.organization.id)).toEqual([]);
    const owner = people.find((person) => person.id === stationA.record.id);
    expect(owner).toMatchObject({ organization: stationA.organization.id, role: 'owner' });
    expect(owner).not.toHaveProperty('email');
    expect(people.find((person) => person.id === viewer.record.id)?.email).toBe(viewer.email);
    expect(JSON.stringify(people)).not.toMatch(/password|tokenKey/);
  });
});

describe('list parameters', () => {
  beforeAll(async () => {
    for (const [index, name] of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].entries()) {
      await createChannel(stationB.pb, stationB.organization.id, {
        name,
        number: index + 1,
        public: index % 2 === 0,
      });
    }
  });

  it('pages, echoes the effective perPage and counts', async () => {
    const page = await stationB.pb
      .collection('channels')
      .getList(1, 2, { filter: 'number >= 1', sort: 'number' });
    expect(page).toMatchObject({ page: 1, perPage: 2, totalItems: 5, totalPages: 3 });
    expect(page.items.map((c) => c.name)).toEqual(['Alpha', 'Bravo']);
    const clamped = await stationB.pb.collection('channels').getList(1, 5000);
    expect(clamped.perPage).toBe(1000);
    const skipped = await stationB.pb.collection('channels').getList(1, 2, { skipTotal: true });
    expect(skipped).toMatchObject({ totalItems: -1, totalPages: -1 });
  });

  it('sorts descending, by several fields and at random', async () => {
    const list = await stationB.pb
      .collection('channels')
      .getFullList({ filter: 'number >= 1', sort: '-public,-number' });
    expect(list.map((c) => c.name)).toEqual(['Echo', 'Charlie', 'Alpha', 'Delta', 'Bravo']);
    const random = await stationB.pb
      .collection('channels')
      .getFullList({ filter: 'number >= 1', sort: '@random' });
    expect(random).toHaveLength(5);
  });

  it('filters with every operator', async () => {
    const names = async (filter: string) =>
      (
        await stationB.pb
          .collection('channels')
          .getFullList({ filter: `number >= 1 && (${filter})`, sort: 'number' })
      ).map((c) => c.name);
    expect(await names('name = "Bravo"')).toEqual(['Bravo']);
    expect(await names('name != "Bravo"')).toEqual(['Alpha', 'Charlie', 'Delta', 'Echo']);
    expect(await names('number > 3')).toEqual(['Delta', 'Echo']);
    expect(await names('number >= 3 && number <= 4')).toEqual(['Charlie', 'Delta']);
    expect(await names('number < 2 || number = 5')).toEqual(['Alpha', 'Echo']);
    expect(await names('name ~ "ar"')).toEqual(['Charlie']);
    expect(await names('name ~ "HA"')).toEqual(['Alpha', 'Charlie']);
    expect(await names('name !~ "a"')).toEqual(['Echo']);
    expect(await names('name ~ "B%"')).toEqual(['Bravo']);
    expect(await names('public = true')).toEqual(['Alpha', 'Charlie', 'Echo']);
    expect(await names('public = false && number > 2')).toEqual(['Delta']);
    expect(await names('description = null && description = ""')).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
      'Delta',
      'Echo',
    ]);
    expect(await names('name:lower = "delta"')).toEqual(['Delta']);
    expect(await names('organization.timeZone = "America/New_York" && number = 1')).toEqual([
      'Alpha',
    ]);
    expect(await names('created <= @now && number = 2')).toEqual(['Bravo']);
    expect(await names("name ?= 'Echo'")).toEqual(['Echo']);
  });

  it('answers a bad filter or sort with a 400, never a 500', async () => {
    for (const options of [
      { filter: 'name = ' },
      { filter: 'nosuchfield = 1' },
      { filter: '(name = "x"' },
      { sort: 'nosuchfield' },
      { sort: '-' },
      { filter: 'name = "x" &&' },
    ]) {
      const result = await failure(stationB.pb.collection('channels').getList(1, 10, options));
      expect(result.status, JSON.stringify(options)).toBe(400);
    }
  });

  it('keeps @request and @collection filters for superusers', async () => {
    expect(
      await failure(
        stationB.pb.collection('channels').getList(1, 10, { filter: '@request.auth.id != ""' }),
      ),
    ).toEqual({
      status: 403,
      message: 'Only superusers can filter by @request.',
      data: {},
    });
    const all = await root
      .collection('channels')
      .getList(1, 10, { filter: '@request.auth.id != ""' });
    expect(all.totalItems).toBeGreaterThan(5);
  });

  it('returns only the requested fields', async () => {
    const list = await stationB.pb.collection('channels').getList(1, 1, { fields: 'id,name' });
    expect(Object.keys(list.items[0] ?? {})).toEqual(['id', 'name']);
  });

  it('answers an unknown collection with 404', async () => {
    expect(await failure(stationB.pb.collection('nope').getList())).toEqual({
      status: 404,
      message: 'Missing collection context.',
      data: {},
    });
  });
});

describe('create, update and delete', () => {
  it('validates fields with PocketBase codes', async () => {
    const result = await failure(
      stationA.pb.collection('channels').create({
        organization: stationA.organization.id,
        slug: 'Bad Slug',
        timeZone: 'UTC',
        color: 'red',
      }),
    );
    expect(result.status).toBe(400);
    expect(result.message).toBe('Failed to create record.');
    expect(result.data).toMatchObject({
      name: { code: 'validation_required', message: 'Cannot be blank.' },
      slug: { code: 'validation_invalid_format' },
      color: { code: 'validation_invalid_format' },
    });
  });

  it('applies number and list modifiers', async () => {
    const show = await createShow(stationA.pb, stationA.organization.id, { durationSec: 1800 });
    expect(
      (await stationA.pb.collection('shows').update(show.id, { 'durationSec+': 900 })).durationSec,
    ).toBe(2700);
    expect(
      (await stationA.pb.collection('shows').update(show.id, { 'durationSec-': 1800 })).durationSec,
    ).toBe(900);
  });

  it('snaps a timeslot to 15 minutes and deletes it with its channel', async () => {
    const channel = await createChannel(stationA.pb, stationA.organization.id);
    const show = await createShow(stationA.pb, stationA.organization.id);
    const slot = await createTimeslot(stationA.pb, stationA.organization.id, {
      channel: channel.id,
      show: show.id,
      start: '2026-11-22 19:00:00.000Z',
      durationSec: 1700,
    });
    expect(slot).toMatchObject({ durationSec: 1800, start: '2026-11-22 19:00:00.000Z' });
    await stationA.pb.collection('channels').delete(channel.id);
    expect(await failure(stationA.pb.collection('timeslots').getOne(slot.id))).toMatchObject({
      status: 404,
    });
  });

  it('refuses relations to records that do not exist', async () => {
    const result = await failure(
      createShow(stationA.pb, stationA.organization.id, { series: 'aaaaaaaaaaaaaaa' }),
    );
    expect(result.data.series).toMatchObject({ code: 'validation_missing_rel_records' });
  });

  it('accepts multipart bodies with @jsonPayload', async () => {
    const form = new FormData();
    form.append('organization', stationA.organization.id);
    form.append('title', 'Multipart');
    form.append('durationSec', '3600');
    form.append('@jsonPayload', JSON.stringify({ tags: ['jazz', 'live'] }));
    const show = await stationA.pb.collection('shows').create(form);
    expect(show).toMatchObject({ title: 'Multipart', durationSec: 3600, tags: ['jazz', 'live'] });
  });

  it('deletes with 204 and then answers 404', async () => {
    const channel = await createChannel(stationA.pb, stationA.organization.id);
    const response = await fetch(`${server.url}/api/collections/channels/records/${channel.id}`, {
      method: 'DELETE',
      headers: { Authorization: stationA.pb.authStore.token },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await failure(stationA.pb.collection('channels').getOne(channel.id))).toMatchObject({
      status: 404,
    });
  });
});

describe('tokens', () => {
  it('refreshes a valid token and rejects it after a password change', async () => {
    const user = await signUp(server);
    const oldToken = user.pb.authStore.token;
    await user.pb.collection('users').authRefresh();
    await user.pb.collection('users').update(user.record.id, {
      oldPassword: user.password,
      password: 'a-brand-new-password',
      passwordConfirm: 'a-brand-new-password',
    });
    const stale = client(server);
    stale.authStore.save(oldToken, user.record);
    expect(await failure(stale.collection('users').authRefresh())).toMatchObject({ status: 401 });
    const fresh = client(server);
    await fresh.collection('users').authWithPassword(user.email, 'a-brand-new-password');
    expect(fresh.authStore.isValid).toBe(true);
  });

  it('refuses a wrong password with the same 400 as an unknown email', async () => {
    expect(
      await failure(
        client(server).collection('users').authWithPassword(stationA.email, 'wrong-password'),
      ),
    ).toEqual({
      status: 400,
      message: 'Failed to authenticate.',
      data: {},
    });
    expect(
      await failure(
        client(server).collection('users').authWithPassword('nobody@example.org', 'wrong-password'),
      ),
    ).toMatchObject({ status: 400, message: 'Failed to authenticate.' });
  });
});
