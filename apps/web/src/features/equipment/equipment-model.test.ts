import { toRecordDate } from '@airgrid/domain';
import type { ReservationStatus } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  canReserve,
  certificationExpiry,
  checkGrantForm,
  checkItemForm,
  checkReservationForm,
  dayStart,
  defaultSpan,
  equipmentStatusLabel,
  explainRefusal,
  filterItems,
  formatDay,
  formatSpan,
  grantBody,
  isOverdue,
  isStaff,
  itemBody,
  localInput,
  newItemValues,
  personName,
  reservationActions,
  reservationBodies,
  reservationStatusLabel,
  reservationsIn,
  spanParts,
} from './equipment-model';

const NOW = Date.UTC(2026, 10, 26, 17, 0, 0); // 12:00 PM in New York
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const NY = 'America/New_York';
const at = (ms: number) => toRecordDate(ms);

describe('roles', () => {
  it('counts owners, admins and editors as staff, nobody else', () => {
    expect(['owner', 'admin', 'editor'].map(isStaff)).toEqual([true, true, true]);
    expect(['producer', 'viewer', '', undefined, 7].map(isStaff)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('lets everyone but viewers (and the signed-out) reserve', () => {
    expect(['owner', 'admin', 'editor', 'producer'].map(canReserve)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['viewer', '', undefined, null].map(canReserve)).toEqual([false, false, false, false]);
  });
});

describe('reservation actions', () => {
  const staff = { id: 'staff', role: 'editor' };
  const producer = { id: 'pat', role: 'producer' };
  const of = (status: ReservationStatus, member = 'pat') => ({ status, member });

  it('walks staff along requested → confirmed → out → returned, cancelling before it goes out', () => {
    expect(reservationActions(of('requested'), staff)).toEqual(['confirm', 'cancel']);
    expect(reservationActions(of('confirmed'), staff)).toEqual(['checkOut', 'cancel']);
    expect(reservationActions(of('out'), staff)).toEqual(['checkIn']);
    expect(reservationActions(of('returned'), staff)).toEqual([]);
    expect(reservationActions(of('cancelled'), staff)).toEqual([]);
  });

  it('gives staff the same actions on their own reservations', () => {
    expect(reservationActions(of('requested', 'staff'), staff)).toEqual(['confirm', 'cancel']);
    expect(reservationActions(of('out'), { id: 'o', role: 'owner' })).toEqual(['checkIn']);
  });

  it('lets a member cancel only their own, and only before it goes out', () => {
    expect(reservationActions(of('requested'), producer)).toEqual(['cancel']);
    expect(reservationActions(of('confirmed'), producer)).toEqual(['cancel']);
    for (const status of ['out', 'returned', 'cancelled'] as const)
      expect(reservationActions(of(status), producer)).toEqual([]);
    expect(reservationActions(of('requested', 'someone'), producer)).toEqual([]);
  });

  it('offers nothing to a viewer, or to someone without an id', () => {
    expect(reservationActions(of('requested', 'v'), { id: 'v', role: 'viewer' })).toEqual([
      'cancel',
    ]);
    expect(reservationActions(of('requested', ''), { id: '', role: 'producer' })).toEqual([]);
  });
});

describe('overdue and views', () => {
  const reservation = (id: string, status: ReservationStatus, starts: number, ends: number) => ({
    id,
    status,
    starts: at(starts),
    ends: at(ends),
  });
  const list = [
    reservation('late', 'out', NOW - 2 * DAY, NOW - HOUR),
    reservation('outNow', 'out', NOW - HOUR, NOW + HOUR),
    reservation('tomorrow', 'confirmed', NOW + DAY, NOW + DAY + 4 * HOUR),
    reservation('asked', 'requested', NOW + 2 * HOUR, NOW + 3 * HOUR),
    reservation('stale', 'requested', NOW - 3 * DAY, NOW - 2 * DAY),
    reservation('back', 'returned', NOW - 5 * DAY, NOW - 4 * DAY),
    reservation('dropped', 'cancelled', NOW + DAY, NOW + 2 * DAY),
  ];
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  it('calls a reservation overdue only when it is out past its end', () => {
    expect(isOverdue({ status: 'out', ends: at(NOW - 1) }, NOW)).toBe(true);
    expect(isOverdue({ status: 'out', ends: at(NOW) }, NOW)).toBe(false);
    expect(isOverdue({ status: 'out', ends: at(NOW + HOUR) }, NOW)).toBe(false);
    expect(isOverdue({ status: 'confirmed', ends: at(NOW - DAY) }, NOW)).toBe(false);
    expect(isOverdue({ status: 'returned', ends: at(NOW - DAY) }, NOW)).toBe(false);
    expect(isOverdue({ status: 'out', ends: '' }, NOW)).toBe(false);
  });

  it('lists current ones soonest first, out ones (even late) included', () => {
    expect(ids(reservationsIn(list, 'current', NOW))).toEqual([
      'late',
      'outNow',
      'asked',
      'tomorrow',
    ]);
  });

  it('lists the overdue ones alone', () => {
    expect(ids(reservationsIn(list, 'overdue', NOW))).toEqual(['late']);
  });

  it('lists past ones latest first: returned, cancelled, and ended without going out', () => {
    expect(ids(reservationsIn(list, 'past', NOW))).toEqual(['dropped', 'stale', 'back']);
  });

  it('leaves the given list alone', () => {
    const copy = [...list];
    reservationsIn(list, 'current', NOW);
    expect(list).toEqual(copy);
  });
});

describe('spans and dates in the station’s zone', () => {
  it('writes a span within one day with its date once', () => {
    expect(formatSpan(at(NOW), at(NOW + 5 * HOUR), NY, '12h')).toBe(
      '11/26/2026 12:00 PM – 5:00 PM',
    );
    expect(formatSpan(at(NOW), at(NOW + 5 * HOUR), NY, '24h')).toBe('11/26/2026 12:00 – 17:00');
  });

  it('writes both dates for a span over midnight in the zone (not in UTC)', () => {
    // 8 PM to 10 PM in New York is 01:00–03:00 UTC the next day: one local day.
    const evening = Date.UTC(2026, 10, 27, 1, 0);
    expect(formatSpan(at(evening), at(evening + 2 * HOUR), NY, '12h')).toBe(
      '11/26/2026 8:00 PM – 10:00 PM',
    );
    expect(formatSpan(at(NOW), at(NOW + DAY), NY, '12h')).toBe(
      '11/26/2026 12:00 PM – 11/27/2026 12:00 PM',
    );
  });

  it('writes nothing for a span with a missing end', () => {
    expect(formatSpan('', at(NOW), NY, '12h')).toBe('');
    expect(formatSpan(at(NOW), 'soon', NY, '12h')).toBe('');
  });

  it('shows a record date in a datetime-local input on the station’s wall clock', () => {
    expect(localInput(at(NOW), NY)).toBe('2026-11-26T12:00');
    expect(localInput(at(NOW), 'UTC')).toBe('2026-11-26T17:00');
    expect(localInput('', NY)).toBe('');
  });

  it('starts a new reservation at the next full hour, for four hours', () => {
    expect(defaultSpan(NOW, NY)).toEqual({ starts: '2026-11-26T13:00', ends: '2026-11-26T17:00' });
    expect(defaultSpan(NOW + 1, NY)).toEqual({
      starts: '2026-11-26T13:00',
      ends: '2026-11-26T17:00',
    });
    expect(defaultSpan(NOW + 59 * 60_000, 'Asia/Kolkata').starts).toBe('2026-11-26T23:30');
  });

  it('writes a day on the station’s calendar', () => {
    expect(formatDay(at(Date.UTC(2026, 10, 27, 3, 0)), NY)).toBe('11/26/2026');
    expect(formatDay('', NY)).toBe('');
  });
});

describe('the reservation form', () => {
  const values = {
    equipment: ['cam'],
    member: '',
    starts: '2026-11-27T09:00',
    ends: '2026-11-27T17:00',
    note: ' for the parade ',
  };

  it('needs an item, and a member when staff reserve', () => {
    expect(checkReservationForm(values, NY, false)).toEqual({});
    expect(checkReservationForm(values, NY, true)).toEqual({ member: 'Choose a member.' });
    expect(checkReservationForm({ ...values, equipment: [] }, NY, false)).toEqual({
      equipment: 'Choose an item.',
    });
  });

  it('needs both times, the end after the start', () => {
    expect(checkReservationForm({ ...values, starts: '', ends: 'x' }, NY, false)).toEqual({
      starts: 'Enter a date and time.',
      ends: 'Enter a date and time, e.g. 05/01/2026 9:00 AM.',
    });
    expect(checkReservationForm({ ...values, ends: values.starts }, NY, false)).toEqual({
      ends: 'Must be after the start.',
    });
  });

  it('refuses a time the clocks skip in the station’s zone', () => {
    const skipped = { ...values, starts: '2026-03-08T02:30', ends: '2026-03-08T05:00' };
    expect(checkReservationForm(skipped, NY, false).starts).toMatch(/does not exist/);
    expect(checkReservationForm(skipped, 'UTC', false)).toEqual({});
  });

  it('sends the wall-clock times as instants in the station’s zone, for me unless chosen', () => {
    expect(reservationBodies(values, NY, 'me', 'b1')).toEqual([
      {
        equipment: 'cam',
        member: 'me',
        starts: '2026-11-27 14:00:00.000Z',
        ends: '2026-11-27 22:00:00.000Z',
        note: 'for the parade',
        booking: '',
      },
    ]);
    expect(reservationBodies({ ...values, member: 'pat' }, 'UTC', 'me', 'b1')).toMatchObject([
      { member: 'pat', starts: '2026-11-27 09:00:00.000Z' },
    ]);
  });

  it('sends one reservation per item, several sharing the booking', () => {
    const bodies = reservationBodies(
      { ...values, equipment: ['cam', 'tripod', 'cam'] },
      NY,
      'me',
      'b1',
    );
    expect(bodies.map((body) => [body.equipment, body.booking])).toEqual([
      ['cam', 'b1'],
      ['tripod', 'b1'],
    ]);
  });
});

describe('the item form', () => {
  it('needs a name and a value that is not negative', () => {
    expect(checkItemForm({ ...newItemValues(), name: ' ' })).toEqual({ name: 'Enter a name.' });
    expect(checkItemForm({ ...newItemValues(), name: 'FX6', replacementValue: -1 })).toEqual({
      replacementValue: 'The value cannot be negative.',
    });
    expect(checkItemForm({ ...newItemValues(), name: 'FX6', replacementValue: '' })).toEqual({});
  });

  it('trims the text and sends no value as 0', () => {
    const body = itemBody({ ...newItemValues(), name: ' Sony FX6 ', serial: ' 42 ' });
    expect(body).toMatchObject({ name: 'Sony FX6', serial: '42', replacementValue: 0 });
    expect(itemBody({ ...newItemValues(), replacementValue: 6000 }).replacementValue).toBe(6000);
  });
});

describe('filtering the inventory', () => {
  const items = [
    { name: 'Zoom H6', status: 'available', category: 'Audio', serial: 'H6-1' },
    { name: 'Sony FX6', status: 'out', category: 'Camera', serial: 'FX-99' },
    { name: 'Aputure 300d', status: 'maintenance', category: 'Lighting', serial: '' },
    { name: 'Old tripod', status: 'retired', category: '', serial: '' },
  ] as const;
  const names = (list: readonly { name: string }[]) => list.map((item) => item.name);

  it('sorts by name and keeps every status for all', () => {
    expect(names(filterItems(items, 'all', ''))).toEqual([
      'Aputure 300d',
      'Old tripod',
      'Sony FX6',
      'Zoom H6',
    ]);
  });

  it('filters by status', () => {
    expect(names(filterItems(items, 'out', ''))).toEqual(['Sony FX6']);
    expect(names(filterItems(items, 'retired', ''))).toEqual(['Old tripod']);
  });

  it('searches name, category and serial, ignoring case and spaces around', () => {
    expect(names(filterItems(items, 'all', ' sony '))).toEqual(['Sony FX6']);
    expect(names(filterItems(items, 'all', 'AUDIO'))).toEqual(['Zoom H6']);
    expect(names(filterItems(items, 'all', 'fx-9'))).toEqual(['Sony FX6']);
    expect(names(filterItems(items, 'available', 'sony'))).toEqual([]);
  });
});

describe('certification expiry', () => {
  it('never expires without a date', () => {
    expect(certificationExpiry({ expires: '' }, NOW)).toEqual({ state: 'never' });
  });

  it('is expired from its expiry on', () => {
    expect(certificationExpiry({ expires: at(NOW) }, NOW).state).toBe('expired');
    expect(certificationExpiry({ expires: at(NOW - DAY) }, NOW).state).toBe('expired');
  });

  it('expires soon within 30 days, counting a part day as a day', () => {
    expect(certificationExpiry({ expires: at(NOW + HOUR) }, NOW)).toMatchObject({
      state: 'soon',
      days: 1,
    });
    expect(certificationExpiry({ expires: at(NOW + 30 * DAY) }, NOW)).toMatchObject({
      state: 'soon',
      days: 30,
    });
    expect(certificationExpiry({ expires: at(NOW + 30 * DAY + 1) }, NOW).state).toBe('valid');
  });
});

describe('the grant form', () => {
  const values = { member: 'pat', kind: 'cam', granted: '2026-11-26', expires: '', note: '' };

  it('reads a day as its start in the station’s zone', () => {
    expect(dayStart('2026-11-26', NY)).toBe('2026-11-26 05:00:00.000Z');
    expect(dayStart('2026-11-26', 'UTC')).toBe('2026-11-26 00:00:00.000Z');
    expect(dayStart('', NY)).toBeNull();
    expect(dayStart('11/26/2026', NY)).toBeNull();
  });

  it('needs a member, a kind and a grant date', () => {
    expect(checkGrantForm(values, NY)).toEqual({});
    expect(checkGrantForm({ ...values, member: '', kind: '', granted: '' }, NY)).toEqual({
      member: 'Choose a member.',
      kind: 'Choose a certification.',
      granted: 'Enter a date.',
    });
  });

  it('wants an expiry after the grant, or none', () => {
    expect(checkGrantForm({ ...values, expires: '2026-11-26' }, NY)).toEqual({
      expires: 'Must be after the date it was granted.',
    });
    expect(checkGrantForm({ ...values, expires: '2027-11-26' }, NY)).toEqual({});
    expect(checkGrantForm({ ...values, expires: 'soon' }, NY)).toEqual({
      expires: 'Enter a valid date.',
    });
  });

  it('sends the days as record dates, and no expiry as empty', () => {
    expect(grantBody({ ...values, note: ' trained ' }, NY)).toEqual({
      member: 'pat',
      kind: 'cam',
      granted: '2026-11-26 05:00:00.000Z',
      expires: '',
      note: 'trained',
    });
    expect(grantBody({ ...values, expires: '2027-06-01' }, NY).expires).toBe(
      '2027-06-01 04:00:00.000Z',
    );
  });
});

describe('labels', () => {
  it('names every status, and passes an unknown one through', () => {
    expect(['available', 'out', 'maintenance', 'retired'].map(equipmentStatusLabel)).toEqual([
      'Available',
      'Out',
      'In maintenance',
      'Retired',
    ]);
    expect(
      ['requested', 'confirmed', 'out', 'returned', 'cancelled', 'lost'].map(
        reservationStatusLabel,
      ),
    ).toEqual(['Requested', 'Confirmed', 'Checked out', 'Returned', 'Cancelled', 'lost']);
  });

  it('names a member by name, then email', () => {
    expect(personName({ name: 'Pat', email: 'p@x.org' })).toBe('Pat');
    expect(personName({ name: '', email: 'p@x.org' })).toBe('p@x.org');
    expect(personName(undefined)).toBe('Unknown member');
  });
});

describe('a refused save', () => {
  const certification =
    'Reserving “Sony FX6” needs the “Studio camera” certification, valid for the whole reservation, which Alex does not hold.';
  const fields = ['equipment', 'starts', 'ends', 'note'];

  it('says what a field the form lacks refused, above the form, in the server’s words', () => {
    expect(explainRefusal({ member: certification }, 'Failed to create record.', fields)).toEqual({
      errors: {},
      formError: certification,
    });
  });

  it('puts the messages of the form’s fields under them', () => {
    expect(
      explainRefusal({ starts: 'Overlaps Sam’s reservation' }, 'Failed to create record.', [
        ...fields,
        'member',
      ]),
    ).toEqual({ errors: { starts: 'Overlaps Sam’s reservation' }, formError: null });
    expect(
      explainRefusal({ member: certification }, 'Failed to create record.', [...fields, 'member']),
    ).toEqual({ errors: { member: certification }, formError: null });
  });

  it('says both, and falls back on the server’s message when no field explains', () => {
    expect(explainRefusal({ ends: 'Must be after the start.', member: 'x' }, 'F', fields)).toEqual({
      errors: { ends: 'Must be after the start.' },
      formError: 'x',
    });
    expect(explainRefusal({}, 'Only staff change a reservation', fields)).toEqual({
      errors: {},
      formError: 'Only staff change a reservation',
    });
  });
});

describe('span parts', () => {
  it('gives the two ends, the second without its date on the same day', () => {
    expect(spanParts(at(NOW), at(NOW + HOUR), NY, '12h')).toEqual([
      '11/26/2026 12:00 PM',
      '1:00 PM',
    ]);
    expect(spanParts(at(NOW), '', NY, '12h')).toBeNull();
  });
});
