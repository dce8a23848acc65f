import { toRecordDate } from '@airgrid/domain';
import type { ReservationStatus } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  cameraProblem,
  findItemByCode,
  formatsToDetect,
  handoverFor,
  readScanCode,
} from './equipment-scan';

// Scanning a label: the code names an item by its label's address, id, barcode or serial, and
// the hand-over is the reservation to check in, or the confirmed one to check out today.

const items = [
  { id: 'cam0000000000001', barcode: 'AG-0042', serial: 'FX6-0042' },
  { id: 'mic0000000000002', barcode: '', serial: 'H6-77' },
];

describe('readScanCode', () => {
  it('takes the item from a label’s address, and anything else as a code', () => {
    expect(readScanCode(' https://tv.example.org/equipment?item=cam0000000000001 ')).toEqual({
      item: 'cam0000000000001',
    });
    expect(readScanCode('AG-0042')).toEqual({ code: 'AG-0042' });
    expect(readScanCode('https://tv.example.org/equipment')).toEqual({
      code: 'https://tv.example.org/equipment',
    });
    expect(readScanCode('   ')).toBeNull();
  });
});

describe('findItemByCode', () => {
  it('finds by the label’s address, the id, the barcode or the serial', () => {
    expect(findItemByCode(items, 'http://localhost:8125/equipment?item=mic0000000000002')?.id).toBe(
      'mic0000000000002',
    );
    expect(findItemByCode(items, 'cam0000000000001')?.id).toBe('cam0000000000001');
    expect(findItemByCode(items, 'ag-0042')?.id).toBe('cam0000000000001');
    expect(findItemByCode(items, 'h6-77')?.id).toBe('mic0000000000002');
  });

  it('finds nothing for an unknown code, an empty one, or an address naming no item', () => {
    expect(findItemByCode(items, 'nope')).toBeUndefined();
    expect(findItemByCode(items, '')).toBeUndefined();
    expect(findItemByCode(items, 'https://x.org/equipment?item=gone')).toBeUndefined();
  });
});

describe('handoverFor', () => {
  const NY = 'America/New_York';
  const HOUR = 3600 * 1000;
  const NOW = Date.UTC(2026, 10, 26, 17, 0); // 12:00 PM in New York
  const one = (
    id: string,
    status: ReservationStatus,
    from: number,
    hours: number,
    item = 'cam',
  ) => ({
    id,
    equipment: item,
    status,
    starts: toRecordDate(from),
    ends: toRecordDate(from + hours * HOUR),
  });

  it('checks in the reservation the item is out on, even overdue', () => {
    const list = [one('later', 'confirmed', NOW + HOUR, 2), one('late', 'out', NOW - 9 * HOUR, 2)];
    expect(handoverFor(list, 'cam', NOW, NY)).toMatchObject({
      kind: 'checkIn',
      reservation: { id: 'late' },
    });
  });

  it('checks out the confirmed one covering now, else the nearest today', () => {
    const covering = [
      one('a', 'confirmed', NOW + 2 * HOUR, 1),
      one('b', 'confirmed', NOW - HOUR, 3),
    ];
    expect(handoverFor(covering, 'cam', NOW, NY)?.reservation.id).toBe('b');
    const later = [
      one('evening', 'confirmed', NOW + 6 * HOUR, 2),
      one('soon', 'confirmed', NOW + 2 * HOUR, 1),
      one('tomorrow', 'confirmed', NOW + 20 * HOUR, 2),
      one('requested', 'requested', NOW, 2),
      one('other-item', 'confirmed', NOW, 2, 'mic'),
    ];
    expect(handoverFor(later, 'cam', NOW, NY)).toMatchObject({
      kind: 'checkOut',
      reservation: { id: 'soon' },
    });
  });

  it('has nothing to do without a confirmed reservation today', () => {
    expect(
      handoverFor([one('tomorrow', 'confirmed', NOW + 20 * HOUR, 2)], 'cam', NOW, NY),
    ).toBeNull();
    expect(handoverFor([one('r', 'requested', NOW, 2)], 'cam', NOW, NY)).toBeNull();
    expect(handoverFor([], 'cam', NOW, NY)).toBeNull();
  });
});

describe('the camera', () => {
  it('looks for the wanted formats the browser reads', () => {
    expect(formatsToDetect(['ean_13', 'aztec', 'qr_code'])).toEqual(['qr_code', 'ean_13']);
    expect(formatsToDetect([])).toEqual([]);
  });

  it('says why it could not start', () => {
    expect(cameraProblem({ name: 'NotAllowedError' })).toBe('denied');
    expect(cameraProblem({ name: 'NotFoundError' })).toBe('none');
    expect(cameraProblem(new Error('x'))).toBe('failed');
    expect(cameraProblem(null)).toBe('failed');
  });
});
