import { ARCHIVE_RETENTION_MESSAGE } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  createShow,
  createTimeslot,
  failure,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { RecordService } from '../../records/record-service.js';
import { COLLECTION_MODULES } from '../index.js';
import { purgeArchive } from './archive-purge.js';
import { ArchiveRepository } from './archive-repository.js';

// The archive on both databases: archiving dates a record and restoring undates it; a retired
// widget stops rendering; each organization's retention decides when the daily purge deletes
// for good; and of several nodes asking at once, one claims the day's run.

const DAY = 24 * 3600 * 1000;
let shift = 0;
const clock = { now: () => Date.now() + shift };

let server: TestServer;
let archive: ArchiveRepository;
let records: RecordService;

beforeAll(async () => {
  server = await startTestServer({ clock });
  const { db, dialect } = server.database;
  archive = new ArchiveRepository(db);
  // The purge as the server runs it, over the same database (no realtime needed here).
  records = new RecordService(db, dialect, clock, COLLECTION_MODULES, {});
});

afterAll(async () => {
  await server?.stop();
});

describe('archiving', () => {
  it('dates what is archived, and forgets the date on restore', async () => {
    const owner = await signUpOwner(server);
    const organization = owner.organization.id;
    const channel = await createChannel(owner.pb, organization);
    expect(channel.archivedAt).toBe('');
    const archived = await owner.pb.collection('channels').update(channel.id, { archived: true });
    expect(archived.archivedAt).not.toBe('');
    // Clients cannot set the date themselves.
    const again = await owner.pb
      .collection('channels')
      .update(channel.id, { name: 'Renamed', archivedAt: '2001-01-01 00:00:00.000Z' });
    expect(again.archivedAt).toBe(archived.archivedAt);
    const restored = await owner.pb.collection('channels').update(channel.id, { archived: false });
    expect(restored.archivedAt).toBe('');

    const show = await createShow(owner.pb, organization);
    const retired = await owner.pb.collection('shows').update(show.id, { status: 'archived' });
    expect(retired.archivedAt).not.toBe('');
    expect(
      (await owner.pb.collection('shows').update(show.id, { status: 'ready' })).archivedAt,
    ).toBe('');
  });

  it('stops rendering a retired widget until it is restored', async () => {
    const owner = await signUpOwner(server);
    const organization = owner.organization.id;
    const channel = await createChannel(owner.pb, organization, { public: true });
    const embed = await owner.pb.collection('embeds').create({
      organization,
      name: 'Guide',
      kind: 'guide',
      channels: [channel.id],
    });
    // (The test server has no built widget page: what matters is whether the embed is found.)
    expect((await server.fetch(`/embed/${embed.id}`)).status).not.toBe(404);
    const archived = await owner.pb.collection('embeds').update(embed.id, { archived: true });
    expect(archived.archivedAt).not.toBe('');
    expect((await server.fetch(`/embed/${embed.id}`)).status).toBe(404);
    await owner.pb.collection('embeds').update(embed.id, { archived: false });
    expect((await server.fetch(`/embed/${embed.id}`)).status).not.toBe(404);
  });

  it('takes a retention of whole days between 1 and 3650', async () => {
    const owner = await signUpOwner(server);
    for (const bad of [0, 3651, 1.5, '30']) {
      const refused = await failure(
        owner.pb
          .collection('organizations')
          .update(owner.organization.id, { settings: { archiveRetentionDays: bad } }),
      );
      expect(refused.status).toBe(400);
      expect(refused.data.settings).toMatchObject({ message: ARCHIVE_RETENTION_MESSAGE });
    }
    const saved = await owner.pb
      .collection('organizations')
      .update(owner.organization.id, { settings: { archiveRetentionDays: 30 } });
    expect(saved.settings).toMatchObject({ archiveRetentionDays: 30 });
  });
});

describe('the daily purge', () => {
  it('deletes for good what each organization kept past its retention, and nothing else', async () => {
    shift = 0;
    const short = await signUpOwner(server);
    await short.pb
      .collection('organizations')
      .update(short.organization.id, { settings: { archiveRetentionDays: 30 } });
    const standard = await signUpOwner(server);

    const shortChannel = await createChannel(short.pb, short.organization.id);
    const show = await createShow(short.pb, short.organization.id);
    const timeslot = await createTimeslot(short.pb, short.organization.id, {
      channel: shortChannel.id,
      show: show.id,
    });
    const kept = await createChannel(short.pb, short.organization.id);
    const standardChannel = await createChannel(standard.pb, standard.organization.id);
    await short.pb.collection('channels').update(shortChannel.id, { archived: true });
    await short.pb.collection('shows').update(show.id, { status: 'archived' });
    await standard.pb.collection('channels').update(standardChannel.id, { archived: true });
    const start = clock.now();

    // 29 days on: nothing is due yet.
    await purgeArchive(archive, records, start + 29 * DAY);
    expect(await short.pb.collection('channels').getOne(shortChannel.id)).toBeTruthy();

    // 31 days on: the 30-day organization's channel (with its schedule) and show go.
    const purged = await purgeArchive(archive, records, start + 31 * DAY);
    expect(purged).toBeGreaterThanOrEqual(2);
    expect((await failure(short.pb.collection('channels').getOne(shortChannel.id))).status).toBe(
      404,
    );
    expect((await failure(short.pb.collection('shows').getOne(show.id))).status).toBe(404);
    expect((await failure(short.pb.collection('timeslots').getOne(timeslot.id))).status).toBe(404);
    expect((await short.pb.collection('channels').getOne(kept.id)).archived).toBe(false);
    expect(await standard.pb.collection('channels').getOne(standardChannel.id)).toBeTruthy();

    // 91 days on: the 90-day default is due too.
    await purgeArchive(archive, records, start + 91 * DAY);
    expect(
      (await failure(standard.pb.collection('channels').getOne(standardChannel.id))).status,
    ).toBe(404);
    expect((await short.pb.collection('channels').getOne(kept.id)).id).toBe(kept.id);
  });

  it('takes a whole organization its owner archived, once its retention has passed', async () => {
    const owner = await signUpOwner(server);
    const organization = owner.organization.id;
    const channel = await createChannel(owner.pb, organization, { public: true });
    expect((await server.fetch(`/api/v1/stations/${owner.organization.slug}`)).status).toBe(200);
    const archived = await owner.pb
      .collection('organizations')
      .update(organization, { archived: true, settings: { archiveRetentionDays: 7 } });
    expect(archived.archivedAt).not.toBe('');
    // Offline for viewers at once; the members still read it (and may restore it).
    expect((await server.fetch(`/api/v1/stations/${owner.organization.slug}`)).status).toBe(404);
    expect((await owner.pb.collection('channels').getOne(channel.id)).id).toBe(channel.id);

    const start = clock.now();
    await purgeArchive(archive, records, start + 6 * DAY);
    expect((await owner.pb.collection('organizations').getOne(organization)).id).toBe(organization);
    await purgeArchive(archive, records, start + 8 * DAY);
    expect(
      await server.database.db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', organization)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await server.database.db
        .selectFrom('channels')
        .select('id')
        .where('id', '=', channel.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    // The people stay, without an organization: they may start or join another.
    // (Read from the database: this test's purge has no event sink to clear the token cache.)
    const user = await server.database.db
      .selectFrom('users')
      .select('organization')
      .where('id', '=', owner.record.id)
      .executeTakeFirstOrThrow();
    expect(user.organization).toBe('');
  });

  it('is claimed by one node per day', async () => {
    const job = `test-job-${Math.random().toString(36).slice(2)}`;
    const now = Date.now();
    const other = new ArchiveRepository(server.database.db);
    const claims = await Promise.all([
      archive.claim(job, now, DAY),
      other.claim(job, now, DAY),
      archive.claim(job, now, DAY),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await other.claim(job, now + DAY / 2, DAY)).toBe(false);
    expect(await other.claim(job, now + DAY, DAY)).toBe(true);
  });
});
