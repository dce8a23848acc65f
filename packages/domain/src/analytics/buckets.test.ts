import { describe, expect, it } from 'vitest';
import {
  bucketStart,
  cappedWatchSeconds,
  FIVE_MINUTES_MS,
  HOUR_MS,
  settledBuckets,
  timeGroupOf,
} from './buckets.js';

const T = Date.UTC(2031, 2, 9, 6, 0, 0);

describe('bucketStart', () => {
  it('puts an instant in the bucket that holds it, on the UTC grid', () => {
    expect(bucketStart(T + 4 * 60_000 + 59_999, FIVE_MINUTES_MS)).toBe(T);
    expect(bucketStart(T + FIVE_MINUTES_MS, FIVE_MINUTES_MS)).toBe(T + FIVE_MINUTES_MS);
    expect(bucketStart(T + 59 * 60_000, HOUR_MS)).toBe(T);
  });
});

describe('settledBuckets', () => {
  it('gives the closed buckets that settled, oldest first, at most max', () => {
    const settle = 2 * 60_000;
    // At 06:17 the buckets 06:00, 06:05 settled (06:10 closes 06:15, settles 06:17: also ready).
    expect(settledBuckets(T, T + 17 * 60_000, FIVE_MINUTES_MS, settle, 10)).toEqual([
      T,
      T + FIVE_MINUTES_MS,
      T + 2 * FIVE_MINUTES_MS,
    ]);
    expect(settledBuckets(T, T + 16 * 60_000, FIVE_MINUTES_MS, settle, 10)).toHaveLength(2);
    expect(settledBuckets(T, T + 17 * 60_000, FIVE_MINUTES_MS, settle, 1)).toEqual([T]);
    expect(settledBuckets(T, T + 6 * 60_000, FIVE_MINUTES_MS, settle, 10)).toEqual([]);
  });
});

describe('cappedWatchSeconds', () => {
  it('counts 30 s a beat, never more than the bucket lasts', () => {
    expect(cappedWatchSeconds(3, 30, FIVE_MINUTES_MS)).toBe(90);
    expect(cappedWatchSeconds(10, 30, FIVE_MINUTES_MS)).toBe(300);
    expect(cappedWatchSeconds(40, 30, FIVE_MINUTES_MS)).toBe(300);
    expect(cappedWatchSeconds(200, 30, HOUR_MS)).toBe(3600);
  });
});

describe('timeGroupOf', () => {
  const zone = 'America/New_York';
  it('reads hours in the zone across the March change (02:00 is skipped)', () => {
    // 2031-03-09: 06:30 UTC is 01:30 EST; 07:00 UTC is 03:00 EDT.
    expect(timeGroupOf(T + 30 * 60_000, zone, 'hour')).toBe('01');
    expect(timeGroupOf(T + HOUR_MS, zone, 'hour')).toBe('03');
    expect(timeGroupOf(T + HOUR_MS, zone, 'day')).toBe('2031-03-09');
    expect(timeGroupOf(T + HOUR_MS, zone, 'weekday')).toBe('7');
    expect(timeGroupOf(Date.UTC(2031, 0, 7, 3, 0), zone, 'weekday-hour')).toMatch(/^\d-\d{2}$/);
  });
  it('puts late evening in the zone on its local date', () => {
    expect(timeGroupOf(Date.UTC(2031, 0, 7, 3, 0), zone, 'day')).toBe('2031-01-06');
    expect(timeGroupOf(Date.UTC(2031, 0, 7, 3, 0), zone, 'weekday')).toBe('1');
  });
});
