import type { AdRecord, JobRecord, SponsorRecord } from '@airgrid/schema';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NTSC_RATE, testClip } from '../../../test/media-clips.js';
import { client, createMember, failure, signUpOwner, superuser } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// The spot library through the SDK, on SQLite and PostgreSQL (issue 40): who may keep and read
// sponsors and spots, validity as whole days with the last on or after the first, spots and
// sponsors archived and restored but never deleted, and a spot's file read by the media probe:
// its runtime to the frame (unrounded) and its loudness. Needs Debian's ffmpeg.

(globalThis as { EventSource?: unknown }).EventSource = EventSource;

let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let organization: string;
let staff: Record<'owner' | 'admin' | 'editor', PocketBase>;
let readers: Record<'producer' | 'viewer', PocketBase>;
let guest: PocketBase;
let stranger: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  server = await startTestServer();
  station = await signUpOwner(server);
  organization = station.organization.id;
  const root = await superuser(server);
  const member = async (role: 'admin' | 'editor' | 'producer' | 'viewer') =>
    (await createMember(server, organization, role, root)).pb;
  staff = { owner: station.pb, admin: await member('admin'), editor: await member('editor') };
  readers = { producer: await member('producer'), viewer: await member('viewer') };
  guest = client(server);
  stranger = await signUpOwner(server);
});

afterAll(async () => {
  await server?.stop();
});

const field = (refusal: { data: Record<string, unknown> }, name: string) =>
  (refusal.data[name] ?? {}) as { code?: string; message?: string };

const newSponsor = (pb: PocketBase, fields: Record<string, unknown> = {}) =>
  pb
    .collection('sponsors')
    .create<SponsorRecord>({ organization, name: 'Hilltop Bakery', ...fields });
const newSpot = (pb: PocketBase, fields: Record<string, unknown> = {}) =>
  pb.collection('ads').create<AdRecord>({ organization, title: 'Bakery spring 30', ...fields });

/** The latest media job on a spot, once it has finished. */
async function settledJob(pb: PocketBase, spotId: string) {
  let job: JobRecord | undefined;
  await expect
    .poll(
      async () => {
        [job] = await pb
          .collection('jobs')
          .getFullList<JobRecord>({ filter: `target = "ads/${spotId}"`, sort: '-created' });
        return job?.state;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^(done|failed)$/);
  return job as JobRecord;
}

describe('sponsors', () => {
  it('are kept by staff and read by members; guests and other stations see none', async () => {
    for (const [role, pb] of Object.entries(staff)) {
      const made = await newSponsor(pb, {
        name: `Sponsor of the ${role}`,
        contactName: 'Ada Baker',
        email: 'ada@hilltop.example',
        phone: '(555) 201-4477',
        billingAddress: '12 Main St\nSpringfield, IL 62701',
      });
      expect(made.billingAddress).toBe('12 Main St\nSpringfield, IL 62701');
      await pb.collection('sponsors').update(made.id, { notes: `Kept by the ${role}` });
    }
    const sponsor = await newSponsor(staff.editor);
    for (const pb of Object.values(readers)) {
      expect((await pb.collection('sponsors').getOne(sponsor.id)).name).toBe('Hilltop Bakery');
      expect((await failure(newSponsor(pb))).status).toBe(400);
      expect(
        (await failure(pb.collection('sponsors').update(sponsor.id, { name: 'Mine' }))).status,
      ).toBe(404);
    }
    for (const pb of [guest, stranger.pb]) {
      expect((await pb.collection('sponsors').getList()).items).toEqual([]);
      expect((await failure(pb.collection('sponsors').getOne(sponsor.id))).status).toBe(404);
      expect((await failure(newSponsor(pb))).status).toBe(400);
    }
  });

  it('say what is wrong with a contact’s email or phone', async () => {
    const refused = await failure(
      newSponsor(staff.editor, { email: 'not an address', phone: '12' }),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.data).sort()).toEqual(['email', 'phone']);
  });

  it('are archived and restored, never deleted', async () => {
    const sponsor = await newSponsor(staff.owner);
    const archived = await staff.editor
      .collection('sponsors')
      .update<SponsorRecord>(sponsor.id, { archived: true });
    expect(archived.archivedAt).not.toBe('');
    for (const pb of [staff.owner, staff.admin, staff.editor]) {
      expect((await failure(pb.collection('sponsors').delete(sponsor.id))).status).toBe(403);
    }
    const restored = await staff.editor
      .collection('sponsors')
      .update<SponsorRecord>(sponsor.id, { archived: false });
    expect(restored.archivedAt).toBe('');
  });
});

describe('spots', () => {
  it('are kept by staff and read by members; guests and other stations see none', async () => {
    const sponsor = await newSponsor(staff.editor);
    for (const [role, pb] of Object.entries(staff)) {
      const made = await newSpot(pb, { title: `${role}’s spot`, sponsor: sponsor.id });
      // A new spot is a draft underwriting spot until someone says otherwise.
      expect(made).toMatchObject({ status: 'draft', category: 'underwriting', durationSec: 0 });
      const edited = await pb
        .collection('ads')
        .update<AdRecord>(made.id, { category: 'psa', title: `${role}’s PSA` });
      expect(edited).toMatchObject({ category: 'psa', title: `${role}’s PSA` });
    }
    const spot = await newSpot(staff.admin, { sponsor: sponsor.id });
    for (const pb of Object.values(readers)) {
      const read = await pb
        .collection('ads')
        .getOne<AdRecord & { expand?: { sponsor?: SponsorRecord } }>(spot.id, {
          expand: 'sponsor',
        });
      expect(read.expand?.sponsor).toMatchObject({ name: 'Hilltop Bakery' });
      expect((await failure(newSpot(pb))).status).toBe(400);
      expect((await failure(pb.collection('ads').update(spot.id, { title: 'Mine' }))).status).toBe(
        404,
      );
    }
    for (const pb of [guest, stranger.pb]) {
      expect((await pb.collection('ads').getList()).items).toEqual([]);
      expect((await failure(pb.collection('ads').getOne(spot.id))).status).toBe(404);
      expect((await failure(newSpot(pb))).status).toBe(400);
      expect((await failure(pb.collection('ads').update(spot.id, { title: 'Ours' }))).status).toBe(
        404,
      );
    }
    // Another station cannot name this station's sponsor on a spot of its own.
    const foreign = await failure(
      stranger.pb.collection('ads').create({
        organization: stranger.organization.id,
        title: 'Theirs',
        sponsor: sponsor.id,
      }),
    );
    expect(Object.keys(foreign.data)).toEqual(['sponsor']);
  });

  it('keep their runtime and loudness for the server to write', async () => {
    const spot = await newSpot(staff.owner, {
      durationSec: 30,
      mediaInfo: { durationSec: 30 },
    });
    expect(spot.durationSec).toBe(0);
    expect(spot.mediaInfo).toEqual({});
  });

  it('are valid from a day to a day on or after it, and say so otherwise', async () => {
    const backwards = await failure(
      newSpot(staff.editor, {
        validFrom: '2031-06-30 00:00:00.000Z',
        validTo: '2031-06-01 00:00:00.000Z',
      }),
    );
    expect(backwards.status).toBe(400);
    expect(field(backwards, 'validTo')).toEqual({
      code: 'validation_invalid_date_range',
      message: 'Must be on or after the first day it may air (2031-06-30).',
    });
    // One day is a valid span; times of day are dropped (the days are whole).
    const oneDay = await newSpot(staff.editor, {
      validFrom: '2031-06-30 14:00:00.000Z',
      validTo: '2031-06-30 09:30:00.000Z',
    });
    expect(oneDay).toMatchObject({
      validFrom: '2031-06-30 00:00:00.000Z',
      validTo: '2031-06-30 00:00:00.000Z',
    });
    const moved = await failure(
      staff.editor.collection('ads').update(oneDay.id, { validFrom: '2031-07-01 00:00:00.000Z' }),
    );
    expect(field(moved, 'validTo').code).toBe('validation_invalid_date_range');
  });

  it('become active only with their media', async () => {
    const refused = await failure(newSpot(staff.editor, { status: 'active' }));
    expect(field(refused, 'status')).toMatchObject({
      code: 'validation_media_required',
      message: expect.stringContaining('upload it first'),
    });
  });

  it('are archived and restored, never deleted', async () => {
    const spot = await newSpot(staff.editor);
    const archived = await staff.editor
      .collection('ads')
      .update<AdRecord>(spot.id, { status: 'archived' });
    expect(archived.archivedAt).not.toBe('');
    for (const pb of [staff.owner, staff.admin, staff.editor, readers.producer]) {
      expect((await failure(pb.collection('ads').delete(spot.id))).status).toBe(403);
    }
    // Members find archived spots by their status.
    const found = await readers.viewer
      .collection('ads')
      .getFullList<AdRecord>({ filter: 'status = "archived"' });
    expect(found.map(({ id }) => id)).toContain(spot.id);
    const restored = await staff.admin
      .collection('ads')
      .update<AdRecord>(spot.id, { status: 'draft' });
    expect(restored).toMatchObject({ status: 'draft', archivedAt: '' });
  });

  it('get their runtime to the frame and their loudness from their file', async () => {
    const sponsor = await newSponsor(staff.editor);
    const spot = await newSpot(staff.editor, { sponsor: sponsor.id });
    // 89 frames at 29.97 fps: 2.969633 s (an MP4 container rounds its own duration to 2.97).
    const clip = testClip({ frames: 89, rate: NTSC_RATE });
    await staff.editor.collection('ads').update(spot.id, {
      media: new File([clip], 'bakery-spring.mp4', { type: 'video/mp4' }),
    });
    const job = await settledJob(staff.editor, spot.id);
    expect(job).toMatchObject({ kind: 'media-probe', state: 'done', progress: 100 });
    const read = await readers.viewer.collection('ads').getOne<AdRecord>(spot.id);
    expect(read.durationSec).toBe(2.969633);
    expect(read.mediaInfo.video).toMatchObject({ codec: 'h264', durationSec: 2.969633 });
    expect(read.mediaInfo.video?.frameRate).toBeCloseTo(29.97, 2);
    // A 440 Hz tone at an eighth of full scale: about −21 LUFS, peaking under 0 dBTP.
    const loudness = read.mediaInfo.loudness;
    expect(loudness?.integratedLufs).toBeGreaterThan(-30);
    expect(loudness?.integratedLufs).toBeLessThan(-10);
    expect(loudness?.truePeakDb).toBeLessThan(0);
    // Browsers play it: no web copy is made.
    expect(read.webMedia).toBe('');
    // Now it may be made active; new media forgets the old runtime until it is read again.
    const active = await staff.editor
      .collection('ads')
      .update<AdRecord>(spot.id, { status: 'active' });
    expect(active.status).toBe('active');
    const replaced = await staff.editor.collection('ads').update<AdRecord>(spot.id, {
      media: new File([testClip({ format: 'mpegts' })], 'bakery.ts', { type: 'video/mp2t' }),
    });
    expect(replaced).toMatchObject({ durationSec: 0, mediaInfo: {} });
    await expect
      .poll(
        async () => {
          const [copy] = await staff.editor.collection('jobs').getFullList<JobRecord>({
            filter: `target = "ads/${spot.id}" && kind = "media-transcode"`,
          });
          return copy?.state;
        },
        { timeout: 60_000 },
      )
      .toBe('done');
    const copied = await staff.editor.collection('ads').getOne<AdRecord>(spot.id);
    // 75 frames at 25 fps, to the frame.
    expect(copied.durationSec).toBe(3);
    expect(copied.webMedia).toMatch(/^bakery_web\w*\.mp4$/);
    // An active spot keeps its media.
    const emptied = await failure(staff.editor.collection('ads').update(spot.id, { media: null }));
    expect(field(emptied, 'status').code).toBe('validation_media_required');
  });
});
