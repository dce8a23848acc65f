import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { allFields, COLLECTIONS, organizations, shows, superusers, users } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import type { CollectionModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createChannel,
  createShow,
  createTimeslot,
  failure,
  signUpOwner,
  superuser,
} from '../../../test/sdk.js';
import {
  GUEST_REFUSED,
  nonSuperusers,
  RECORD_REFUSED,
  refusalsOf,
  type SuperuserCall,
} from '../../../test/superusers-only.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { COLLECTIONS_ARE_CODE } from './collections-routes.js';

// PocketBase's collections API, read-only, through the SDK (SQLite and PostgreSQL): superusers
// list and read every collection as its definition says, writes are refused, everyone else is
// turned away as PocketBase turns them away; pocketbase-typegen reads it and the records the
// record API returns type-check against what it generated.

const run = promisify(execFile);
const require = createRequire(import.meta.url);

let server: TestServer;
let root: PocketBase;
let station: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  server = await startTestServer({
    env: { OAUTH2_GITHUB_CLIENT_ID: 'operator-test', OAUTH2_GITHUB_CLIENT_SECRET: 'secret' },
  });
  root = await superuser(server);
  station = await signUpOwner(server);
});

afterAll(async () => {
  await server?.stop();
});

const byName = (name: string) => {
  const found = COLLECTIONS.find((collection) => collection.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('reading collections as a superuser', () => {
  it('lists every collection, in the schema order, in PocketBase shape', async () => {
    const list = await root.collections.getFullList();
    expect(list.map(({ name }) => name)).toEqual(COLLECTIONS.map(({ name }) => name));
    for (const collection of list) {
      const definition = byName(collection.name);
      expect(collection).toMatchObject({
        id: definition.id,
        type: definition.type,
        system: definition.name.startsWith('_'),
        indexes: expect.any(Array),
        created: '',
        updated: '',
      });
      expect(collection.fields.map(({ name }) => name)).toEqual(
        allFields(definition).map(({ name }) => name),
      );
      for (const rule of ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'])
        expect(collection).toHaveProperty(rule);
    }
  });

  it('gives one collection by name or by id: every field with its type, flags and options', async () => {
    const byNameAnswer = await root.collections.getOne('shows');
    expect(await root.collections.getOne(shows.id)).toEqual(byNameAnswer);
    expect(byNameAnswer.fields).toHaveLength(allFields(shows).length);
    allFields(shows).forEach((field, index) => {
      expect(byNameAnswer.fields[index]).toMatchObject({
        name: field.name,
        type: field.type,
        system: field.system === true,
        hidden: field.hidden === true,
        presentable: false,
        ...(field.type === 'autodate' ? {} : { required: field.required === true }),
      });
    });
    const field = (name: string) => byNameAnswer.fields.find((each) => each.name === name);
    expect(field('id')).toEqual({
      autogeneratePattern: '[a-z0-9]{15}',
      hidden: false,
      id: 'text3208210256',
      max: 15,
      min: 15,
      name: 'id',
      pattern: '^[a-z0-9]+$',
      presentable: false,
      primaryKey: true,
      required: true,
      system: true,
      type: 'text',
    });
    expect(field('organization')).toMatchObject({
      type: 'relation',
      collectionId: organizations.id,
      cascadeDelete: true,
      maxSelect: 1,
      minSelect: 0,
      required: true,
    });
    expect(field('producer')).toMatchObject({ collectionId: users.id, cascadeDelete: false });
    expect(field('title')).toMatchObject({ type: 'text', required: true, max: 200, min: 0 });
    expect(field('durationSec')).toMatchObject({ type: 'number', min: 0, onlyInt: true });
    expect(field('season')).toMatchObject({ min: 0, max: null });
    expect(field('status')).toMatchObject({
      type: 'select',
      values: ['draft', 'ready', 'archived'],
      maxSelect: 1,
    });
    expect(field('media')).toMatchObject({
      type: 'file',
      protected: true,
      maxSelect: 1,
      maxSize: 8 * 1024 ** 3,
      mimeTypes: ['video/*', 'audio/*'],
      thumbs: [],
    });
    expect(field('thumbnail')).toMatchObject({ protected: false, thumbs: expect.any(Array) });
    expect(field('mediaInfo')).toMatchObject({ type: 'json', system: true });
    expect(field('created')).toEqual({
      hidden: false,
      id: 'autodate2990389176',
      name: 'created',
      onCreate: true,
      onUpdate: false,
      presentable: false,
      system: true,
      type: 'autodate',
    });
    expect(byNameAnswer.indexes).toContain(
      'CREATE INDEX `idx_shows_organization_title` ON `shows` (`organization`, `title`)',
    );
    // The rules the record API applies, as its module says them.
    expect(byNameAnswer.listRule).toEqual(expect.any(String));
    expect(byNameAnswer).not.toHaveProperty('authRule');
  });

  it('describes auth collections: hidden password and token key, sign-in options', async () => {
    const people = await root.collections.getOne('users');
    const field = (name: string) => people.fields.find((each) => each.name === name);
    expect(people.fields.slice(0, 6).map(({ name }) => name)).toEqual([
      'id',
      'password',
      'tokenKey',
      'email',
      'emailVisibility',
      'verified',
    ]);
    expect(field('password')).toMatchObject({
      type: 'password',
      hidden: true,
      system: true,
      required: true,
      min: 8,
      max: 72,
    });
    expect(field('tokenKey')).toMatchObject({ type: 'text', hidden: true, system: true });
    expect(field('email')).toMatchObject({ type: 'email', hidden: false, required: true });
    expect(people).toMatchObject({
      authRule: '',
      manageRule: null,
      passwordAuth: { enabled: true, identityFields: ['email'] },
      oauth2: { enabled: true, providers: [{ name: 'github', displayName: 'GitHub' }] },
      mfa: { enabled: false },
      otp: { enabled: false },
      authToken: { duration: 432_000 },
      passwordResetToken: { duration: 1_800 },
      emailChangeToken: { duration: 1_800 },
      verificationToken: { duration: 86_400 },
      fileToken: { duration: 180 },
    });
    expect(await root.collections.getOne(superusers.name)).toMatchObject({
      system: true,
      listRule: null,
      oauth2: { enabled: false, providers: [] },
      authToken: { duration: 86_400 },
      indexes: [
        "CREATE UNIQUE INDEX `idx__superusers_email` ON `_superusers` (lower(email)) WHERE email <> ''",
        'CREATE UNIQUE INDEX `idx__superusers_token_key` ON `_superusers` (`tokenKey`)',
      ],
    });
  });

  it('pages, filters and sorts over id, name, type and system; fields trims each item', async () => {
    const total = COLLECTIONS.length;
    const first = await root.collections.getList(1, 5);
    expect(first).toMatchObject({
      page: 1,
      perPage: 5,
      totalItems: total,
      totalPages: Math.ceil(total / 5),
    });
    expect(first.items.map(({ name }) => name)).toEqual(
      COLLECTIONS.slice(0, 5).map(({ name }) => name),
    );
    const auth = await root.collections.getList(1, 5, { filter: 'type = "auth"', sort: '-name' });
    expect(auth.items.map(({ name }) => name)).toEqual(['users', '_superusers']);
    expect(auth.totalItems).toBe(2);
    const system = await root.collections.getList(1, 5, { filter: 'system = true', sort: 'name' });
    expect(system.items.map(({ name }) => name)).toEqual(['_externalAuths', '_superusers']);
    const named = await root.collections.getList(1, 5, {
      filter: root.filter('name ~ {:part} && system = false || id = {:id}', {
        part: 'CERT',
        id: shows.id,
      }),
    });
    expect(named.items.map(({ name }) => name).sort()).toEqual([
      'certificationKinds',
      'certifications',
      'shows',
    ]);
    const skipped = await root.collections.getList(2, 3, { skipTotal: true, fields: 'id,name' });
    expect(skipped).toEqual({
      page: 2,
      perPage: 3,
      totalItems: -1,
      totalPages: -1,
      items: COLLECTIONS.slice(3, 6).map(({ id, name }) => ({ id, name })),
    });
    expect(await root.collections.getOne('shows', { fields: 'name,type' })).toEqual({
      name: 'shows',
      type: 'base',
    });
  });

  it('answers a filter or sort it cannot run with a 400 that says why', async () => {
    expect(
      await failure(root.collections.getList(1, 5, { filter: 'listRule = ""' })),
    ).toMatchObject({ status: 400, message: expect.stringContaining('unknown field "listRule"') });
    expect(await failure(root.collections.getList(1, 5, { filter: 'name = ' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Invalid filter/),
    });
    expect(
      await failure(root.collections.getList(1, 5, { filter: 'name ?= "shows"' })),
    ).toMatchObject({ status: 400 });
    expect(await failure(root.collections.getList(1, 5, { sort: 'fields' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Invalid sort/),
    });
  });

  it('answers an unknown collection with PocketBase’s 404', async () => {
    const response = await server.fetch('/api/collections/nothing-here', {
      headers: { authorization: root.authStore.token },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      data: {},
      message: "The requested resource wasn't found.",
      status: 404,
    });
  });
});

describe('writes', () => {
  it('are refused to superusers: collections are code', async () => {
    const refused = { status: 405, message: COLLECTIONS_ARE_CODE, data: {} };
    expect(await failure(root.collections.create({ name: 'extra', type: 'base' }))).toEqual(
      refused,
    );
    expect(await failure(root.collections.update('shows', { listRule: '' }))).toEqual(refused);
    expect(await failure(root.collections.delete('shows'))).toEqual(refused);
    expect(await failure(root.collections.import([]))).toEqual(refused);
    expect(await failure(root.collections.truncate('shows'))).toEqual(refused);
    expect(await failure(root.collections.update('nothing-here', {}))).toMatchObject({
      status: 404,
    });
    const response = await server.fetch('/api/collections/shows', {
      method: 'PATCH',
      headers: { authorization: root.authStore.token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.headers.get('allow')).toBe('GET');
    // The collection is as it was.
    expect((await root.collections.getOne('shows')).listRule).not.toBe('');
  });
});

describe('who may ask', () => {
  const calls: SuperuserCall[] = [
    ['list', (pb) => pb.collections.getList(1, 5)],
    ['full list', (pb) => pb.collections.getFullList()],
    ['one', (pb) => pb.collections.getOne('shows')],
    ['unknown one', (pb) => pb.collections.getOne('nothing-here')],
    ['create', (pb) => pb.collections.create({ name: 'extra' })],
    ['update', (pb) => pb.collections.update('shows', {})],
    ['delete', (pb) => pb.collections.delete('shows')],
    ['import', (pb) => pb.collections.import([])],
    ['truncate', (pb) => pb.collections.truncate('shows')],
  ];

  it('guests: 401', async () => {
    for (const [name, refused] of await refusalsOf(calls, client(server)))
      expect({ name, refused }).toEqual({ name, refused: GUEST_REFUSED });
  });

  it('every role of a station, another station’s owner and an API key: 403', async () => {
    for (const { role, pb } of await nonSuperusers(server, station, root)) {
      for (const [name, refused] of await refusalsOf(calls, pb))
        expect({ role, name, refused }).toEqual({ role, name, refused: RECORD_REFUSED });
    }
  });
});

describe('against the records API', () => {
  /** Records in as many collections as a short set-up gives, each fetched by a superuser. */
  async function recordsByCollection(collections: CollectionModel[]) {
    const org = station.organization.id;
    const channel = await createChannel(station.pb, org);
    const show = await createShow(station.pb, org, {
      status: 'ready',
      tags: ['news'],
      durationSec: 1800,
    });
    await createShow(station.pb, org);
    await createTimeslot(station.pb, org, { channel: channel.id, show: show.id });
    await station.pb.send('/api/v1/api-keys', {
      method: 'POST',
      body: { name: 'Typegen', role: 'viewer' },
    });
    const found: Record<string, Record<string, unknown>[]> = {};
    for (const { name } of collections) {
      const records = await root.collection(name).getFullList();
      if (records.length > 0) found[name] = records;
    }
    return found;
  }

  it('sends every field but the password and token key to superusers, and nothing else', async () => {
    const collections = await root.collections.getFullList();
    const found = await recordsByCollection(collections);
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining(['_superusers', 'users', 'organizations', 'channels', 'shows']),
    );
    for (const [name, records] of Object.entries(found)) {
      const fields = collections.find((collection) => collection.name === name)?.fields ?? [];
      const expected = [
        'collectionId',
        'collectionName',
        ...fields
          .filter((field) => field.type !== 'password' && field.name !== 'tokenKey')
          .map((field) => field.name),
      ].sort();
      for (const record of records)
        expect({ name, keys: Object.keys(record).sort() }).toEqual({
          name,
          keys: expected,
        });
    }
  });

  it('pocketbase-typegen reads it, and the records type-check against what it generated', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'airgrid-typegen-'));
    try {
      const email = String(root.authStore.record?.email);
      await run(process.execPath, [
        path.join(path.dirname(require.resolve('pocketbase-typegen')), 'cli.js'),
        '--url',
        server.url,
        '--email',
        email,
        '--password',
        'superuser-password',
        '--out',
        path.join(folder, 'pocketbase-types.ts'),
      ]);
      const generated = readFileSync(path.join(folder, 'pocketbase-types.ts'), 'utf8');
      expect(generated).toContain('export type ShowsRecord<');
      expect(generated).toContain('\tShows: "shows",');
      expect(generated).toMatch(/\torganization: RecordIdString\n/);
      expect(generated).toContain('export type TypedPocketBase');

      const collections = await root.collections.getFullList();
      const found = await recordsByCollection(collections);
      writeFileSync(path.join(folder, 'check.ts'), checkFile(collections, found));
      writeFileSync(
        path.join(folder, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'es2022',
            lib: ['es2022', 'dom'],
            module: 'preserve',
            moduleResolution: 'bundler',
            types: [],
            skipLibCheck: true,
            paths: { pocketbase: [sdkTypes()] },
          },
          files: ['check.ts', 'pocketbase-types.ts'],
        }),
      );
      const checked = await run(process.execPath, [tscPath(), '-p', folder]).catch(
        (error: { stdout?: string; stderr?: string }) => ({
          stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
          failed: true,
        }),
      );
      expect(checked.stdout).toBe('');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A name for a collection's records in the check file (`_superusers` → `records_superusers`). */
function identifier(collection: string): string {
  return `records_${collection.replace(/^_/, '')}`;
}

/** The SDK's type declarations, for the generated file's `import type ... from 'pocketbase'`. */
function sdkTypes(): string {
  return path.join(path.dirname(require.resolve('pocketbase')), 'pocketbase.es.d.mts');
}

/** The repository's TypeScript compiler (tsc -v: the version the typecheck script uses). */
function tscPath(): string {
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  return path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
}

/**
 * A TypeScript file that gives each collection's records, as the record API sent them, the
 * response type typegen generated for it, with `satisfies`: a missing field, one more, or a
 * value of another type fails the check. Typegen 1.5.0 says four things PocketBase itself does
 * not, and `Sent` says them as PocketBase does:
 * - it brands autodate and file name strings (`string & { autodate: unique symbol }`), which no
 *   JSON string is: they are plain strings here;
 * - it keeps hidden fields in the record type, password and tokenKey too, which PocketBase
 *   never sends (patmood/pocketbase-typegen#144): those two are left out;
 * - an optional single select is its options only, though an unset one is '' (PocketBase's zero
 *   value): '' is allowed for exactly those fields;
 * - every auth response has `username` (PocketBase dropped it in v0.23): left out where the
 *   collection has no such field (`_superusers`).
 * A last record that does not match proves the check bites.
 */
function checkFile(
  collections: CollectionModel[],
  found: Record<string, Record<string, unknown>[]>,
): string {
  const union = (names: string[]) =>
    names.length ? names.map((name) => JSON.stringify(name)).join(' | ') : 'never';
  const lines = [
    "import type { CollectionResponses, FileNameString, IsoAutoDateString, TypedPocketBase } from './pocketbase-types';",
    '',
    'type Plain<V> = [V] extends [IsoAutoDateString] ? string : [V] extends [FileNameString] ? string : [V] extends [FileNameString[]] ? string[] : V;',
    'type Sent<T, EmptySelects extends PropertyKey, Absent extends PropertyKey> = {',
    "  [K in keyof T as K extends 'password' | 'tokenKey' | Absent ? never : K]: K extends EmptySelects ? Plain<T[K]> | '' : Plain<T[K]>;",
    '};',
    '',
  ];
  const typeOf: Record<string, string> = {};
  for (const [name, records] of Object.entries(found)) {
    const collection = collections.find((each) => each.name === name);
    const fields = collection?.fields ?? [];
    const emptySelects = fields
      .filter((field) => field.type === 'select' && field.maxSelect === 1 && !field.required)
      .map((field) => field.name);
    const absent =
      collection?.type === 'auth' && !fields.some((field) => field.name === 'username')
        ? ['username']
        : [];
    typeOf[name] =
      `Sent<CollectionResponses[${JSON.stringify(name)}], ${union(emptySelects)}, ${union(absent)}>`;
    lines.push(
      `export const ${identifier(name)} = ${JSON.stringify(records, null, 2)} satisfies ${typeOf[name]}[];`,
      '',
    );
  }
  const show = found.shows?.[0] ?? {};
  lines.push(
    '// @ts-expect-error: a title is text, and shows have no such field.',
    `export const wrong = ${JSON.stringify({ ...show, title: 42, notAField: true })} satisfies ${typeOf.shows};`,
    '',
    '// The typed SDK the generated file declares.',
    'export async function titleOf(pb: TypedPocketBase, id: string): Promise<string> {',
    "  return (await pb.collection('shows').getOne(id)).title;",
    '}',
  );
  return `${lines.join('\n')}\n`;
}
