import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, superuser } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// Modifiers and request values in filters (API-CONTRACT §3.2, §3.3), as a superuser may use them.

let server: TestServer;
let root: PocketBase;
let ids: { plain: string; admin: string; both: string };

beforeAll(async () => {
  server = await startTestServer();
  root = await superuser(server);
  const plain = await signUp(server, { name: 'Plain' });
  const admin = await signUp(server, { name: 'Admin' });
  const both = await signUp(server, { name: 'Both' });
  await root.collection('users').update(admin.record.id, { privileges: ['admin'] });
  await root
    .collection('users')
    .update(both.record.id, { privileges: ['admin'], 'privileges+': ['admin'] });
  ids = { plain: plain.record.id, admin: admin.record.id, both: both.record.id };
});

afterAll(async () => {
  await server?.stop();
});

async function matching(filter: string, query: Record<string, string> = {}) {
  const list = await root.collection('users').getFullList({ filter, query });
  return list
    .map((user) => user.id)
    .filter((id) => Object.values(ids).includes(id))
    .sort();
}

describe('modifiers', () => {
  it(':length counts the items of a multiple field', async () => {
    expect(await matching('privileges:length = 0')).toEqual([ids.plain]);
    expect(await matching('privileges:length > 0')).toEqual([ids.admin, ids.both].sort());
  });

  it(':each compares every item (all) or any item (?)', async () => {
    expect(await matching('privileges:each ?= "admin"')).toEqual([ids.admin, ids.both].sort());
    expect(await matching('privileges:each = "admin" && privileges:length > 0')).toEqual(
      [ids.admin, ids.both].sort(),
    );
    expect(await matching('privileges:each ?!= "admin" && privileges:length > 0')).toEqual([]);
  });

  it(':lower compares case-insensitively', async () => {
    expect(await matching('name:lower = "plain"')).toEqual([ids.plain]);
  });

  it('@request.query values and :isset', async () => {
    expect(await matching('@request.query.who = name', { who: 'Both' })).toEqual([ids.both]);
    expect(await matching('@request.query.who:isset = false && name = "Admin"')).toEqual([
      ids.admin,
    ]);
  });

  it('@request.auth reaches the signed-in superuser', async () => {
    expect(
      await matching('@request.auth.collectionName = "_superusers" && name = "Plain"'),
    ).toEqual([ids.plain]);
    expect(await matching('@request.auth.id = id')).toEqual([]);
  });

  it('@collection joins another collection', async () => {
    expect(await matching('@collection.users.name ?= "Admin" && name = "Plain"')).toEqual([
      ids.plain,
    ]);
    expect(await matching('@collection.users.name ?= "Nobody" && name = "Plain"')).toEqual([]);
  });

  it('back-relations filter by what points at the record', async () => {
    expect(await matching('organizations_via_nosuch.name = "x"').catch(() => 'refused')).toBe(
      'refused',
    );
  });
});
