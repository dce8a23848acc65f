import type { ReservationRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createMember, failure, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Equipment, certifications and reservations through the SDK (issue 20; SQLite and
// PostgreSQL): the rules as a matrix of roles, certifications required for the whole span,
// overlaps refused naming the reservation they clash with, the request → confirm → out →
// returned life, and two members reserving one item at once, of whom exactly one wins.

let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let organization: string;
let producer: Awaited<ReturnType<typeof createMember>>;
let other: Awaited<ReturnType<typeof createMember>>;
let viewer: Awaited<ReturnType<typeof createMember>>;
let editor: Awaited<ReturnType<typeof createMember>>;
let kind: string;
let camera: string;
let tripod: string;

beforeAll(async () => {
  server = await startTestServer();
  station = await signUpOwner(server, { timeZone: 'America/New_York' });
  organization = station.organization.id;
  producer = await createMember(server, organization, 'producer');
  other = await createMember(server, organization, 'producer');
  viewer = await createMember(server, organization, 'viewer');
  editor = await createMember(server, organization, 'editor');
  kind = (
    await editor.pb
      .collection('certificationKinds')
      .create({ organization, name: 'Studio camera', description: 'The two-hour course.' })
  ).id;
  camera = (
    await editor.pb.collection('equipment').create({
      organization,
      name: 'Sony FX6',
      category: 'Camera',
      serial: 'FX6-001',
      certificationRequired: kind,
      replacementValue: 6000,
    })
  ).id;
  tripod = (await editor.pb.collection('equipment').create({ organization, name: 'Tripod' })).id;
});

afterAll(async () => {
  await server?.stop();
});

const reserve = (pb: PocketBase, fields: Record<string, unknown>) =>
  pb.collection('reservations').create<ReservationRecord>({ organization, ...fields });
const field = (refusal: { data: Record<string, unknown> }, name: string) =>
  (refusal.data[name] ?? {}) as { code?: string; message?: string };
const day = (date: string, from: string, to: string) => ({
  starts: `${date} ${from}:00:00.000Z`,
  ends: `${date} ${to}:00:00.000Z`,
});

describe('equipment', () => {
  it('is read by members and kept by staff', async () => {
    const item = await producer.pb.collection('equipment').getOne(camera);
    expect(item).toMatchObject({
      name: 'Sony FX6',
      status: 'available',
      certificationRequired: kind,
    });
    for (const pb of [producer.pb, viewer.pb]) {
      const refused = await failure(
        pb.collection('equipment').create({ organization, name: 'Mine' }),
      );
      expect(refused.status).toBe(400);
    }
    expect((await failure(client(server).collection('equipment').getOne(camera))).status).toBe(404);
  });
});

describe('reservations', () => {
  it('need the item’s certification, valid for the whole reservation', async () => {
    const when = {
      equipment: camera,
      member: producer.record.id,
      ...day('2031-05-05', '14', '18'),
    };
    const refused = await failure(reserve(producer.pb, when));
    expect(field(refused, 'member')).toMatchObject({
      code: 'validation_certification_required',
    });
    expect(field(refused, 'member').message).toContain('needs the “Studio camera” certification');

    // Granted by staff; one that lapses before the reservation ends is not enough.
    const granted = await editor.pb.collection('certifications').create({
      organization,
      member: producer.record.id,
      kind,
      granted: '2031-01-01 00:00:00.000Z',
      expires: '2031-05-05 16:00:00.000Z',
    });
    expect(field(await failure(reserve(producer.pb, when)), 'member').code).toBe(
      'validation_certification_required',
    );
    await editor.pb.collection('certifications').update(granted.id, { expires: '' });
    const made = await reserve(producer.pb, when);
    expect(made).toMatchObject({ status: 'requested', member: producer.record.id });

    // A certification cannot expire before it was granted; members cannot grant one.
    const backwards = await failure(
      editor.pb.collection('certifications').update(granted.id, {
        expires: '2030-01-01 00:00:00.000Z',
      }),
    );
    expect(field(backwards, 'expires').message).toBe('Must be after the date it was granted.');
    const selfGranted = await failure(
      producer.pb.collection('certifications').create({
        organization,
        member: producer.record.id,
        kind,
        granted: '2031-01-01 00:00:00.000Z',
      }),
    );
    expect(selfGranted.status).toBe(400);
  });

  it('never overlap another that holds the item, which they name', async () => {
    await editor.pb.collection('certifications').create({
      organization,
      member: other.record.id,
      kind,
      granted: '2031-01-01 00:00:00.000Z',
    });
    const clash = await failure(
      reserve(other.pb, {
        equipment: camera,
        member: other.record.id,
        ...day('2031-05-05', '17', '20'),
      }),
    );
    expect(field(clash, 'starts')).toEqual({
      code: 'validation_reservation_overlap',
      message:
        'Overlaps producer’s reservation of “Sony FX6” from 2031-05-05 10:00 to 2031-05-05 14:00 (America/New_York)',
    });
    // Back to back is fine.
    const after = await reserve(other.pb, {
      equipment: camera,
      member: other.record.id,
      ...day('2031-05-05', '18', '20'),
    });
    expect(after.status).toBe('requested');
    // The end comes after the start.
    const backwards = await failure(
      reserve(other.pb, {
        equipment: tripod,
        member: other.record.id,
        ...day('2031-05-06', '18', '10'),
      }),
    );
    expect(field(backwards, 'ends').message).toBe('Must be after the start.');
  });

  it('are requested by members for themselves, never by viewers or guests', async () => {
    const forSomeoneElse = await failure(
      reserve(producer.pb, {
        equipment: tripod,
        member: other.record.id,
        ...day('2031-05-07', '10', '12'),
      }),
    );
    expect(forSomeoneElse.status).toBe(400);
    const confirmedByThemselves = await failure(
      reserve(producer.pb, {
        equipment: tripod,
        member: producer.record.id,
        status: 'confirmed',
        ...day('2031-05-07', '10', '12'),
      }),
    );
    expect(field(confirmedByThemselves, 'status').message).toContain('staff confirm');
    for (const pb of [viewer.pb, client(server)]) {
      const refused = await failure(
        reserve(pb, {
          equipment: tripod,
          member: viewer.record.id,
          ...day('2031-05-07', '10', '12'),
        }),
      );
      expect(refused.status).toBe(400);
    }
  });

  it('are seen by their member and by staff only', async () => {
    const mine = await producer.pb.collection('reservations').getFullList<ReservationRecord>();
    expect(mine.every(({ member }) => member === producer.record.id)).toBe(true);
    expect(mine.length).toBeGreaterThan(0);
    const all = await editor.pb.collection('reservations').getFullList<ReservationRecord>();
    expect(new Set(all.map(({ member }) => member))).toEqual(
      new Set([producer.record.id, other.record.id]),
    );
    expect(await viewer.pb.collection('reservations').getFullList()).toEqual([]);
    expect(await viewer.pb.collection('certifications').getFullList()).toEqual([]);
    const stranger = await signUpOwner(server);
    expect(await stranger.pb.collection('reservations').getFullList()).toEqual([]);
    expect(await stranger.pb.collection('equipment').getFullList()).toEqual([]);
  });

  it('go requested → confirmed → out → returned, moving the item’s status along', async () => {
    const booked = await reserve(producer.pb, {
      equipment: tripod,
      member: producer.record.id,
      ...day('2031-06-01', '10', '12'),
    });
    // The member may not confirm or check out; staff may not skip a step.
    const selfConfirmed = await failure(
      producer.pb.collection('reservations').update(booked.id, { status: 'confirmed' }),
    );
    expect(field(selfConfirmed, 'status').message).toContain('staff do the rest');
    const skipped = await failure(
      editor.pb.collection('reservations').update(booked.id, { status: 'returned' }),
    );
    expect(field(skipped, 'status').message).toBe(
      'A reservation that is requested cannot become returned.',
    );
    await editor.pb.collection('reservations').update(booked.id, { status: 'confirmed' });
    const out = await editor.pb
      .collection('reservations')
      .update<ReservationRecord>(booked.id, { status: 'out', checkoutNote: 'Plate on' });
    expect(out.checkedOutAt).not.toBe('');
    expect((await producer.pb.collection('equipment').getOne(tripod)).status).toBe('out');
    const back = await editor.pb
      .collection('reservations')
      .update<ReservationRecord>(booked.id, { status: 'returned', returnNote: 'One leg sticks' });
    expect(back.checkedInAt).not.toBe('');
    expect((await producer.pb.collection('equipment').getOne(tripod)).status).toBe('available');

    // A member cancels their own before it goes out, and changes nothing else.
    const later = await reserve(producer.pb, {
      equipment: tripod,
      member: producer.record.id,
      ...day('2031-06-02', '10', '12'),
    });
    const moved = await failure(
      producer.pb.collection('reservations').update(later.id, { ends: '2031-06-02 20:00:00.000Z' }),
    );
    expect(field(moved, 'ends').message).toContain('Only staff change a reservation');
    const cancelled = await producer.pb
      .collection('reservations')
      .update<ReservationRecord>(later.id, { status: 'cancelled' });
    expect(cancelled.status).toBe('cancelled');
  });

  it('refuse an item in maintenance', async () => {
    const broken = await editor.pb
      .collection('equipment')
      .create({ organization, name: 'Old mixer', status: 'maintenance' });
    const refused = await failure(
      reserve(editor.pb, {
        equipment: broken.id,
        member: producer.record.id,
        ...day('2031-06-03', '10', '12'),
      }),
    );
    expect(field(refused, 'equipment').message).toBe(
      '“Old mixer” is in maintenance: it cannot be reserved.',
    );
  });

  it('of one item at once by two members: exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const when = day(`2031-07-${String(round + 10).padStart(2, '0')}`, '10', '14');
      const results = await Promise.allSettled([
        reserve(producer.pb, { equipment: camera, member: producer.record.id, ...when }),
        reserve(other.pb, { equipment: camera, member: other.record.id, ...when }),
      ]);
      expect(results.filter(({ status }) => status === 'fulfilled')).toHaveLength(1);
    }
  });
});

describe('kits', () => {
  it('are reserved in one batch: all the items with one booking, or none', async () => {
    const kitCamera = await editor.pb.collection('equipment').create({
      organization,
      name: 'Kit camera',
      kit: 'Doc kit',
      certificationRequired: kind,
    });
    const kitMic = await editor.pb
      .collection('equipment')
      .create({ organization, name: 'Kit mic', kit: 'Doc kit' });
    expect(kitMic.kit).toBe('Doc kit');
    // A member without the kind: the mic alone would pass, the camera is refused, so neither.
    const uncertified = await createMember(server, organization, 'producer');
    const when = { member: uncertified.record.id, ...day('2031-08-04', '10', '14') };
    const send = (pb: PocketBase) => {
      const batch = pb.createBatch();
      for (const equipment of [kitMic.id, kitCamera.id])
        batch
          .collection('reservations')
          .create({ organization, equipment, booking: 'kitbooking00001', ...when });
      return batch.send();
    };
    const refused = await failure(send(uncertified.pb));
    const inner = (refused.data.requests as Record<string, { response: { data: unknown } }>)['1'];
    expect(JSON.stringify(inner?.response.data)).toContain(
      'needs the “Studio camera” certification',
    );
    expect(
      await editor.pb.collection('reservations').getFullList({
        filter: editor.pb.filter('member = {:member}', { member: uncertified.record.id }),
      }),
    ).toHaveLength(0);

    await editor.pb.collection('certifications').create({
      organization,
      member: uncertified.record.id,
      kind,
      granted: '2031-01-01 00:00:00.000Z',
    });
    const made = await send(uncertified.pb);
    expect(made.map((result) => result.body.booking)).toEqual([
      'kitbooking00001',
      'kitbooking00001',
    ]);
    expect(made.map((result) => result.body.status)).toEqual(['requested', 'requested']);
  });
});
