import type { ReservationRecord } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { RecordService } from '../../records/record-service.js';
import { COLLECTION_MODULES } from '../index.js';
import { sendEquipmentReminders } from './equipment-reminders.js';
import { EquipmentRemindersRepository } from './equipment-reminders-repository.js';

// The equipment reminders (issue 20; SQLite and PostgreSQL): an item out past its end, and a
// certification expiring within two weeks, are each told to their member once.

let now = Date.parse('2031-08-01T12:00:00Z');
const clock = { now: () => now };
let server: TestServer;
let records: RecordService;
let repository: EquipmentRemindersRepository;
const told: { user: string; title: string; body: string; path: string }[] = [];
const notifier = {
  async notify(user: string, notification: { title: string; body: string; path: string }) {
    told.push({ user, ...notification });
  },
};

beforeAll(async () => {
  server = await startTestServer({ clock });
  records = new RecordService(
    server.database.db,
    server.database.dialect,
    clock,
    COLLECTION_MODULES,
    {},
  );
  repository = new EquipmentRemindersRepository(server.database.db);
});

afterAll(async () => {
  await server?.stop();
});

describe('equipment reminders', () => {
  it('tell a member once that their item is overdue or their certification expires soon', async () => {
    const station = await signUpOwner(server, { timeZone: 'America/New_York' });
    const organization = station.organization.id;
    const producer = await createMember(server, organization, 'producer');
    const kind = await station.pb
      .collection('certificationKinds')
      .create({ organization, name: 'Field kit' });
    await station.pb.collection('certifications').create({
      organization,
      member: producer.record.id,
      kind: kind.id,
      granted: '2031-01-01 00:00:00.000Z',
      expires: '2031-08-10 04:00:00.000Z',
    });
    // Far off: not yet.
    await station.pb.collection('certifications').create({
      organization,
      member: station.record.id,
      kind: kind.id,
      granted: '2031-01-01 00:00:00.000Z',
      expires: '2031-12-31 00:00:00.000Z',
    });
    const item = await station.pb.collection('equipment').create({ organization, name: 'Zoom H6' });
    const reservation = await station.pb.collection('reservations').create<ReservationRecord>({
      organization,
      equipment: item.id,
      member: producer.record.id,
      starts: '2031-08-01 13:00:00.000Z',
      ends: '2031-08-01 16:00:00.000Z',
    });
    await station.pb.collection('reservations').update(reservation.id, { status: 'out' });

    // Before its end: only the certification.
    expect(await sendEquipmentReminders(repository, records, notifier, now)).toBe(1);
    expect(told).toEqual([
      {
        user: producer.record.id,
        title: 'Your “Field kit” certification expires soon',
        body: 'It expires at 2031-08-10 00:00 (America/New_York); after that you cannot reserve equipment that needs it. Ask the station to renew it.',
        type: 'reminder',
        path: '/equipment',
      },
    ]);

    now = Date.parse('2031-08-01T17:00:00Z');
    expect(await sendEquipmentReminders(repository, records, notifier, now)).toBe(1);
    expect(told.at(-1)).toMatchObject({
      user: producer.record.id,
      title: '“Zoom H6” is overdue',
      body: 'It was due back at 2031-08-01 12:00 (America/New_York). Please return it, or ask the station for more time.',
    });
    const reminded = await producer.pb
      .collection('reservations')
      .getOne<ReservationRecord>(reservation.id);
    expect(reminded.remindedAt).not.toBe('');

    // Once each.
    now += 3600_000;
    expect(await sendEquipmentReminders(repository, records, notifier, now)).toBe(0);
  });
});
