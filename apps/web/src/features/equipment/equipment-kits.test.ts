import type { EquipmentStatus } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  batchInnerResponse,
  groupByBooking,
  isReservable,
  kitItems,
  kitNames,
  newBookingId,
} from './equipment-model';

// Kits (issue 20, item 3): items sharing a kit name are reserved together in one batch, with a
// shared booking; the list shows a booking's rows together.

const item = (name: string, kit: string, status: EquipmentStatus = 'available') => ({
  id: name.toLowerCase(),
  name,
  kit,
  status,
});

describe('kits', () => {
  const items = [
    item('Sony FX6', 'FX6 kit'),
    item('Tripod', ' fx6 kit '),
    item('Light', 'FX6 kit', 'maintenance'),
    item('Zoom H6', ''),
    item('Boom', 'Audio kit'),
  ];

  it('names each kit once, sorted, whatever the case and spaces', () => {
    expect(kitNames(items)).toEqual(['Audio kit', 'FX6 kit']);
    expect(kitNames([item('A', '')])).toEqual([]);
  });

  it('reserves a kit’s items that can be reserved, by name', () => {
    expect(kitItems(items, 'FX6 kit').map((one) => one.name)).toEqual(['Sony FX6', 'Tripod']);
    expect(kitItems(items, '')).toEqual([]);
    expect(isReservable({ status: 'out' })).toBe(true);
    expect(isReservable({ status: 'retired' })).toBe(false);
  });

  it('makes booking ids of 15 letters and digits', () => {
    expect(newBookingId()).toMatch(/^[a-z0-9]{15}$/);
    expect(newBookingId(() => 0)).toBe('aaaaaaaaaaaaaaa');
  });
});

describe('groupByBooking', () => {
  it('keeps a booking’s rows together where its first stands, the others alone', () => {
    const rows = [
      { id: '1', booking: 'b' },
      { id: '2', booking: '' },
      { id: '3', booking: 'b' },
      { id: '4', booking: '' },
      { id: '5', booking: 'c' },
    ];
    expect(groupByBooking(rows).map((group) => group.map((row) => row.id))).toEqual([
      ['1', '3'],
      ['2'],
      ['4'],
      ['5'],
    ]);
  });
});

describe('batchInnerResponse', () => {
  it('finds the failing request’s own response in a refused batch', () => {
    const inner = {
      status: 400,
      message: 'Failed to create record.',
      data: { member: { code: 'validation_certification_required', message: 'Reserving …' } },
    };
    const body = {
      status: 400,
      message: 'Batch transaction failed.',
      data: { requests: { '1': { code: 'batch_request_failed', response: inner } } },
    };
    expect(batchInnerResponse(body)).toEqual(inner);
    expect(batchInnerResponse({ status: 400, data: {} })).toBeNull();
    expect(batchInnerResponse(null)).toBeNull();
  });
});
