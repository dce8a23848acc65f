import { toRecordDate } from '@airgrid/domain';
import type { ReservationStatus } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../ui/timeline/color-schemes';
import {
  calendarBars,
  calendarRows,
  calendarWeek,
  RESERVATION_BAR_COLORS,
  weekMonday,
} from './equipment-model';

// The Reservations tab's calendar: a week on the timeline chart, one row per item, one bar per
// reservation coloured by its status.

const NY = 'America/New_York';
const HOUR = 3600 * 1000;
const NOW = Date.UTC(2026, 10, 26, 17, 0); // Thursday 26 November, 12:00 PM in New York

describe('the calendar week', () => {
  it('runs Monday to Monday in the station’s zone, and steps by weeks', () => {
    expect(weekMonday(NOW, NY)).toBe('2026-11-23');
    expect(weekMonday(NOW, NY, -1)).toBe('2026-11-16');
    expect(weekMonday(NOW, NY, 1)).toBe('2026-11-30');
    expect(calendarWeek('2026-11-23', NY)).toEqual({
      from: Date.UTC(2026, 10, 23, 5),
      to: Date.UTC(2026, 10, 30, 5),
    });
  });
});

describe('calendarBars', () => {
  const week = calendarWeek('2026-11-23', NY);
  const one = (id: string, status: ReservationStatus, from: number, hours: number) => ({
    id,
    equipment: `item-${id}`,
    status,
    starts: toRecordDate(from),
    ends: toRecordDate(from + hours * HOUR),
  });

  it('draws the week’s reservations but the cancelled, coloured by status, overdue in red', () => {
    const bars = calendarBars(
      [
        one('late', 'out', NOW - 5 * HOUR, 2),
        one('soon', 'confirmed', NOW + HOUR, 4),
        one('gone', 'cancelled', NOW + HOUR, 4),
        one('next-week', 'requested', week.to + HOUR, 2),
        one('spans-in', 'requested', week.from - 2 * HOUR, 4),
      ],
      week,
      NOW,
      (reservation) => reservation.id.toUpperCase(),
    );
    expect(bars.map((bar) => [bar.id, bar.color])).toEqual([
      ['spans-in', RESERVATION_BAR_COLORS.requested],
      ['late', RESERVATION_BAR_COLORS.overdue],
      ['soon', RESERVATION_BAR_COLORS.confirmed],
    ]);
    expect(bars[2]).toMatchObject({
      rowId: 'item-soon',
      start: NOW + HOUR,
      durationSec: 4 * 3600,
      label: 'SOON',
    });
  });

  it('keeps white labels readable on every status colour', () => {
    for (const color of Object.values(RESERVATION_BAR_COLORS))
      expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('calendarRows', () => {
  it('lists the items but the retired without a bar, by name, with their kit', () => {
    const items = [
      { id: 'b', name: 'Tripod', status: 'available', kit: 'FX6 kit' },
      { id: 'a', name: 'Old mixer', status: 'retired', kit: '' },
      { id: 'c', name: 'Light', status: 'maintenance', kit: '' },
      { id: 'd', name: 'Retired cam', status: 'retired', kit: '' },
    ] as const;
    expect(calendarRows(items, [{ rowId: 'd' }])).toEqual([
      { id: 'c', label: 'Light' },
      { id: 'd', label: 'Retired cam' },
      { id: 'b', label: 'Tripod', sublabel: 'FX6 kit' },
    ]);
  });
});
