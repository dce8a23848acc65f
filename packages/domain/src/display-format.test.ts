import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatTime,
  formatUsDate,
  formatUsDateTime,
  todayIn,
} from './display-format.js';

const at = (iso: string) => Date.parse(iso);

describe('formatUsDate', () => {
  it('writes month/day/year with leading zeros', () => {
    expect(formatUsDate(at('2024-05-01T10:11:12Z'))).toBe('05/01/2024');
    expect(formatUsDate(at('2024-12-31T23:59:59Z'))).toBe('12/31/2024');
  });

  it('uses the calendar of the zone', () => {
    // 02:00 UTC on 1 May is still 30 April in New York.
    expect(formatUsDate(at('2024-05-01T02:00:00Z'), 'America/New_York')).toBe('04/30/2024');
    expect(formatUsDate(at('2024-05-01T23:00:00Z'), 'Asia/Tokyo')).toBe('05/02/2024');
  });

  it('defaults to UTC (seed §9)', () => {
    expect(formatUsDate(at('2024-05-01T02:00:00Z'))).toBe('05/01/2024');
  });

  it('refuses an unknown zone', () => {
    expect(() => formatUsDate(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it.each([
    ['2024-05-01T00:00:00Z', '12:00 AM'],
    ['2024-05-01T00:30:00Z', '12:30 AM'],
    ['2024-05-01T09:05:00Z', '9:05 AM'],
    ['2024-05-01T11:59:59Z', '11:59 AM'],
    ['2024-05-01T12:00:00Z', '12:00 PM'],
    ['2024-05-01T13:05:00Z', '1:05 PM'],
    ['2024-05-01T23:45:00Z', '11:45 PM'],
  ])('shows %s as %s on the 12-hour clock', (iso, text) => {
    expect(formatTime(at(iso))).toBe(text);
  });

  it('shows the 24-hour clock when asked', () => {
    expect(formatTime(at('2024-05-01T00:05:00Z'), 'UTC', '24h')).toBe('00:05');
    expect(formatTime(at('2024-05-01T13:05:00Z'), 'UTC', '24h')).toBe('13:05');
  });

  it('reads the wall clock of the zone, daylight saving included', () => {
    // New York is UTC-5 in winter and UTC-4 in summer.
    expect(formatTime(at('2024-01-15T18:00:00Z'), 'America/New_York')).toBe('1:00 PM');
    expect(formatTime(at('2024-07-15T18:00:00Z'), 'America/New_York')).toBe('2:00 PM');
  });

  it('shows the repeated hour of a fall-back night twice', () => {
    // 3 Nov 2024: 01:30 happens at 05:30 UTC (EDT) and again at 06:30 UTC (EST).
    expect(formatTime(at('2024-11-03T05:30:00Z'), 'America/New_York')).toBe('1:30 AM');
    expect(formatTime(at('2024-11-03T06:30:00Z'), 'America/New_York')).toBe('1:30 AM');
  });

  it('shows the seconds when asked, truncated', () => {
    const at1914 = at('2024-05-01T23:14:30Z') + 999.6;
    expect(formatTime(at1914, 'America/New_York', '12h', { seconds: true })).toBe('7:14:30 PM');
    expect(formatTime(at1914, 'America/New_York', '24h', { seconds: true })).toBe('19:14:30');
    expect(formatTime(at('2024-05-01T00:00:05Z'), 'UTC', '12h', { seconds: true })).toBe(
      '12:00:05 AM',
    );
  });
});

describe('formatUsDateTime', () => {
  it('joins the date and the time', () => {
    expect(formatUsDateTime(at('2024-05-01T13:05:00Z'))).toBe('05/01/2024 1:05 PM');
    expect(formatUsDateTime(at('2024-05-01T13:05:00Z'), 'America/Los_Angeles', '24h')).toBe(
      '05/01/2024 06:05',
    );
  });
});

describe('todayIn', () => {
  it('is the date on the wall calendar of the zone', () => {
    const instant = at('2026-03-10T05:00:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-03-10');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-03-09');
    expect(todayIn('Asia/Tokyo', at('2026-03-10T20:00:00Z'))).toBe('2026-03-11');
  });
});

describe('formatBytes', () => {
  it('counts in 1024s and writes KB, MB and GB, whole or with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(2000)).toBe('2.0 KB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
    // Just over a limit never reads as the limit itself.
    expect(formatBytes(5 * 1024 * 1024 + 1)).toBe('5.0 MB');
  });

  it('never throws on a number that is not a size', () => {
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0 B');
  });
});
