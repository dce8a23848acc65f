import { describe, expect, it } from 'vitest';
import {
  checkSegmentSec,
  dayOfSegment,
  nextSegmentBoundary,
  onGrid,
  segmentAt,
  segmentStart,
  segmentsPerDay,
  utcDay,
} from './segment-grid.js';

const DAY = Date.UTC(2026, 4, 4);

describe('the segment grid', () => {
  it('numbers segments from the epoch: n covers [n·T, (n+1)·T)', () => {
    expect(segmentAt(DAY, 6)).toBe(DAY / 6000);
    expect(segmentAt(DAY + 5999, 6)).toBe(DAY / 6000);
    expect(segmentAt(DAY + 6000, 6)).toBe(DAY / 6000 + 1);
    expect(segmentStart(segmentAt(DAY + 6001, 6), 6)).toBe(DAY + 6000);
  });

  it('puts the next boundary strictly after the instant', () => {
    expect(nextSegmentBoundary(DAY, 6)).toBe(DAY + 6000);
    expect(nextSegmentBoundary(DAY + 5999, 6)).toBe(DAY + 6000);
  });

  it('fits whole segments into a UTC day', () => {
    expect(segmentsPerDay(6)).toBe(14_400);
    expect(dayOfSegment(segmentAt(DAY, 6), 6)).toBe(utcDay(DAY));
    expect(dayOfSegment(segmentAt(DAY, 6) - 1, 6)).toBe(utcDay(DAY) - 1);
  });

  it('accepts the lengths that divide 900 s only', () => {
    for (const t of [1, 2, 3, 4, 5, 6, 9, 10, 30, 900])
      expect(() => checkSegmentSec(t)).not.toThrow();
    for (const t of [0, -6, 7, 8, 6.5, 1800, Number.NaN]) {
      expect(() => checkSegmentSec(t)).toThrow(RangeError);
    }
  });

  it('reads an instant on the grid as a segment and refuses one off it', () => {
    expect(onGrid(DAY + 12_000, 6, 'x')).toBe(DAY / 6000 + 2);
    expect(() => onGrid(DAY + 1, 6, 'Timeslot "a" start')).toThrow(/Timeslot "a" start/);
  });
});
