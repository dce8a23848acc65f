import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRawStream } from '../../../test/raw-stream.js';
import {
  client,
  createChannel,
  createShow,
  createTimeslot,
  failure,
  signUp,
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
import { BUSY, MISSING } from './backup-service.js';

// PocketBase's backups API through the SDK's pb.backups (SQLite and PostgreSQL): archives made,
// listed, downloaded with a superuser's file token, uploaded, deleted and restored into the live
// database, on this server and on a fresh one; bad names, foreign files, a second operation
// while one runs, and everyone but a superuser refused.

let server: TestServer;
let root: PocketBase;
let station: Awaited<ReturnType<typeof signUpOwner>>;
/** While set, backups and restores wait on it inside their lock. */
let hold: Promise<void> | null = null;
let entered: (() => void) | null = null;

beforeAll(async () => {
  server = await startTestServer({
    env: { BACKUP_MAX_UPLOAD_MB: '1' },
    backupPause: async () => {
      entered?.();
      await hold;
    },
  });
  root = await superuser(server);
  station = await signUpOwner(server);
});

afterAll(async () => {
  await server?.stop();
});

async function download(pb: PocketBase, key: string, token?: string): Promise<Response> {
  return fetch(pb.backups.getDownloadURL(token ?? (await pb.files.getToken()), key));
}

describe('backups as a superuser', () => {
  it('are made, listed, downloaded with a file token and deleted', async () => {
    await root.backups.create('first.zip');
    const list = await root.backups.getFullList();
    const entry = list.find((backup) => backup.key === 'first.zip');
    expect(entry).toMatchObject({ key: 'first.zip' });
    expect(entry?.size).toBeGreaterThan(100);
    expect(entry?.modified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);

    const response = await download(root, 'first.zip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="first.zip"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(entry?.size);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');

    // Never through the public files route.
    expect((await server.fetch('/api/files/_backups/x/first.zip')).status).toBe(404);

    await root.backups.delete('first.zip');
    expect((await root.backups.getFullList()).map((backup) => backup.key)).not.toContain(
      'first.zip',
    );
    expect(await failure(root.backups.delete('first.zip'))).toMatchObject({ status: 400 });
  });

  it('without a name, gets one of its own', async () => {
    await root.backups.create('');
    const named = (await root.backups.getFullList()).find((backup) =>
      /^airgrid_backup_\d{14}\.zip$/.test(backup.key),
    );
    expect(named).toBeDefined();
    if (named) await root.backups.delete(named.key);
  });

  it('restores the database as it was: changed, deleted and added records', async () => {
    const organization = station.organization.id;
    const kept = await createShow(station.pb, organization, { title: 'As it was' });
    const removed = await createShow(station.pb, organization, { title: 'Deleted later' });
    await root.backups.create('before-changes.zip');

    await station.pb.collection('shows').update(kept.id, { title: 'Changed' });
    await station.pb.collection('shows').delete(removed.id);
    const added = await createShow(station.pb, organization, { title: 'Added later' });
    const newcomer = await signUp(server, { name: 'Newcomer' });
    // Their token is verified (and cached) before the restore.
    await newcomer.pb.collection('users').authRefresh();

    await root.backups.restore('before-changes.zip');

    expect((await station.pb.collection('shows').getOne(kept.id)).title).toBe('As it was');
    expect((await station.pb.collection('shows').getOne(removed.id)).title).toBe('Deleted later');
    expect(await failure(station.pb.collection('shows').getOne(added.id))).toMatchObject({
      status: 404,
    });
    // The newcomer does not exist in the restored database: their token no longer works.
    expect(await failure(newcomer.pb.collection('users').authRefresh())).toMatchObject({
      status: 401,
    });
    // The database still takes writes.
    await station.pb.collection('shows').update(kept.id, { title: 'After the restore' });
    await root.backups.delete('before-changes.zip');
  });

  it('leaves no stale public read, and closes realtime streams, after a restore', async () => {
    const organization = station.organization.id;
    const channel = await createChannel(station.pb, organization, { public: true });
    const show = await createShow(station.pb, organization, { title: 'Morning news' });
    await createTimeslot(station.pb, organization, { channel: channel.id, show: show.id });
    const guide = async () => {
      const response = await server.fetch(
        `/api/v1/guide?organization=${station.organization.slug}&from=2031-01-06T00:00:00Z&to=2031-01-07T00:00:00Z`,
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { timeslots: { show: { title: string } }[] };
      return body.timeslots.map((timeslot) => timeslot.show.title);
    };
    expect(await guide()).toEqual(['Morning news']);
    await root.backups.create('guide.zip');
    await station.pb.collection('shows').update(show.id, { title: 'Evening news' });
    // Read twice: the second answer comes from the cache.
    expect(await guide()).toEqual(['Evening news']);
    expect(await guide()).toEqual(['Evening news']);

    const stream = await openRawStream(server.url);
    expect(server.app.realtime.has(stream.clientId)).toBe(true);
    await root.backups.restore('guide.zip');
    expect(await guide()).toEqual(['Morning news']);
    // The stream was closed: the SDK reconnects and subscribes again, checked anew.
    expect(server.app.realtime.has(stream.clientId)).toBe(false);
    await stream.close();
    await root.backups.delete('guide.zip');
  });

  it('moves a station to a fresh server: downloaded, uploaded and restored there', async () => {
    const show = await createShow(station.pb, station.organization.id, { title: 'Travelling' });
    await root.backups.create('move.zip');
    const archive = await (await download(root, 'move.zip')).arrayBuffer();
    await root.backups.delete('move.zip');

    const fresh = await startTestServer();
    try {
      const freshRoot = await superuser(fresh);
      await freshRoot.backups.upload({ file: new File([new Uint8Array(archive)], 'move.zip') });
      expect((await freshRoot.backups.getFullList()).map((backup) => backup.key)).toEqual([
        'move.zip',
      ]);
      await freshRoot.backups.restore('move.zip');
      const owner = client(fresh);
      await owner.collection('users').authWithPassword(station.email, station.password);
      expect((await owner.collection('shows').getOne(show.id)).title).toBe('Travelling');
    } finally {
      await fresh.stop();
    }
  });

  it('reports that it can back up', async () => {
    expect((await root.health.check()).data).toMatchObject({ canBackup: true });
  });
});

describe('what is refused', () => {
  it('bad names and path tricks: 400', async () => {
    for (const name of ['../escape.zip', 'a/b.zip', '.hidden.zip', 'x.db', 'x', 'x.zip/..']) {
      expect({ name, refused: await failure(root.backups.create(name)) }).toMatchObject({
        name,
        refused: { status: 400, data: { name: { code: 'validation_invalid_backup_name' } } },
      });
    }
    for (const key of ['../airgrid.db', '..%2Fairgrid.db', 'missing.zip', '%00.zip']) {
      expect(await failure(root.backups.restore(key))).toMatchObject({
        status: 400,
        message: MISSING,
      });
      expect((await download(root, key)).status).toBe(400);
    }
    const traversal = await server.fetch(
      `/api/backups/..%2F..%2Fairgrid.db?token=${await root.files.getToken()}`,
    );
    expect(traversal.status).toBe(400);
    await root.backups.create('twice.zip');
    expect(await failure(root.backups.create('twice.zip'))).toMatchObject({
      status: 400,
      data: { name: { code: 'validation_backup_name_exists' } },
    });
    await root.backups.delete('twice.zip');
  });

  it('files that are not backups, and archives over the limit', async () => {
    expect(await failure(root.backups.upload({ file: new File(['hello'], 'notes.zip') }))).toEqual({
      status: 400,
      message: 'The file is not an Airgrid backup: it is not a ZIP file.',
      data: {},
    });
    expect(
      (await failure(root.backups.upload({ file: new File(['hello'], 'notes.txt') }))).data,
    ).toMatchObject({ file: { code: 'validation_invalid_backup_name' } });
    expect((await failure(root.backups.upload({}))).data).toMatchObject({
      file: { code: 'validation_required' },
    });
    expect(
      await failure(
        root.backups.upload({ file: new File([new Uint8Array(1536 * 1024)], 'big.zip') }),
      ),
    ).toEqual({
      status: 413,
      message: 'The backup is larger than the upload limit of 1 MiB (BACKUP_MAX_UPLOAD_MB).',
      data: {},
    });
    expect(await root.backups.getFullList()).toEqual([]);
  });

  it('a second backup or restore while one runs: 400', async () => {
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = root.backups.create('slow.zip');
    await inside;
    hold = null;
    entered = null;
    const busy = { status: 400, message: BUSY, data: {} };
    expect(await failure(root.backups.create('other.zip'))).toEqual(busy);
    expect(await failure(root.backups.restore('slow.zip'))).toEqual(busy);
    expect(await failure(root.backups.delete('slow.zip'))).toMatchObject({ status: 400 });
    release();
    await first;
    await root.backups.restore('slow.zip');
    await root.backups.delete('slow.zip');
  });
});

describe('who may ask', () => {
  const calls: SuperuserCall[] = [
    ['list', (pb) => pb.backups.getFullList()],
    ['create', (pb) => pb.backups.create('mine.zip')],
    ['upload', (pb) => pb.backups.upload({ file: new File(['x'], 'mine.zip') })],
    ['delete', (pb) => pb.backups.delete('mine.zip')],
    ['restore', (pb) => pb.backups.restore('mine.zip')],
  ];

  beforeAll(async () => {
    await root.backups.create('guarded.zip');
  });

  it('guests: 401', async () => {
    for (const [name, refused] of await refusalsOf(calls, client(server)))
      expect({ name, refused }).toEqual({ name, refused: GUEST_REFUSED });
  });

  it('every role of a station, another station’s owner and an API key: 403', async () => {
    for (const { role, pb } of await nonSuperusers(server, station, root)) {
      for (const [name, refused] of await refusalsOf(calls, pb))
        expect({ role, name, refused }).toEqual({ role, name, refused: RECORD_REFUSED });
      // A member's own file token does not open a backup.
      const token = await pb.files.getToken().catch(() => '');
      expect({ role, status: (await download(pb, 'guarded.zip', token)).status }).toEqual({
        role,
        status: 403,
      });
    }
  });

  it('a download without a file token, or with a superuser’s auth token: 403', async () => {
    expect((await download(root, 'guarded.zip', '')).status).toBe(403);
    expect((await download(root, 'guarded.zip', root.authStore.token)).status).toBe(403);
    const refused = await server.fetch('/api/backups/guarded.zip', {
      headers: { authorization: root.authStore.token },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      data: {},
      message: 'Insufficient permissions to access the resource.',
      status: 403,
    });
    const allowed = await download(root, 'guarded.zip');
    expect(allowed.status).toBe(200);
    await allowed.arrayBuffer();
  });
});
