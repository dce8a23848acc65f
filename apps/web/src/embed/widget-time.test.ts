import { formatTime, formatUsDate, localToInstant } from '@airgrid/domain';
import { describe, expect, it } from 'vitest';
import {
  countdown,
  dayKey,
  dayLabel,
  formatClock,
  formatRange,
  quarterHourBefore,
  timeLeft,
  wallClock,
  zoneName,
} from './widget-time';

const NEW_YORK = 'America/New_York';

describe('formatClock', () => {
  it("writes the station's wall clock on the 12-hour clock", () => {
    expect(formatClock(Date.UTC(2026, 2, 10, 23, 5), NEW_YORK)).toBe('7:05 PM');
    expect(formatClock(Date.UTC(2026, 2, 10, 4, 0), NEW_YORK)).toBe('12:00 AM');
    expect(formatClock(Date.UTC(2026, 2, 10, 16, 30), NEW_YORK)).toBe('12:30 PM');
    expect(formatClock(Date.UTC(2026, 2, 10, 0, 0), 'UTC')).toBe('12:00 AM');
  });

  it('says what the app says (the domain formatTime), every hour of a DST week', () => {
    const start = Date.UTC(2026, 2, 6);
    for (let at = start; at < start + 7 * 86_400_000; at += 3_600_000) {
      for (const zone of [NEW_YORK, 'Europe/London', 'Asia/Kathmandu', 'Australia/Lord_Howe'])
        expect(formatClock(at, zone), `${new Date(at).toISOString()} ${zone}`).toBe(
          formatTime(at, zone),
        );
    }
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(formatClock(Date.UTC(2026, 0, 1, 13, 0), 'Mars/Olympus_Mons')).toBe('1:00 PM');
  });
});

describe('days', () => {
  it('keys and labels days on the station calendar', () => {
    const now = localToInstant('2026-03-07T22:00', NEW_YORK);
    expect(dayKey(now, NEW_YORK)).toBe('2026-03-07');
    expect(dayLabel(localToInstant('2026-03-07T23:30', NEW_YORK), now, NEW_YORK)).toBe('Today');
    expect(dayLabel(localToInstant('2026-03-08T01:00', NEW_YORK), now, NEW_YORK)).toBe('Tomorrow');
    const monday = localToInstant('2026-03-09T09:00', NEW_YORK);
    expect(dayLabel(monday, now, NEW_YORK)).toBe(
      `Monday ${formatUsDate(monday, NEW_YORK).slice(0, 5)}`,
    );
  });

  it('finds tomorrow across the 23-hour and the 25-hour day', () => {
    // 8 March 2026 (23 h) and 1 November 2026 (25 h) in New York, seen from late the day before.
    for (const [today, tomorrow] of [
      ['2026-03-07T23:59', '2026-03-08T23:59'],
      ['2026-10-31T23:59', '2026-11-01T23:59'],
      ['2026-03-08T00:00', '2026-03-09T00:00'],
      ['2026-11-01T00:30', '2026-11-02T00:30'],
    ] as const) {
      const now = localToInstant(today, NEW_YORK);
      expect(dayLabel(localToInstant(tomorrow, NEW_YORK), now, NEW_YORK), today).toBe('Tomorrow');
    }
  });

  it('reads the wall clock with its weekday', () => {
    expect(wallClock(Date.UTC(2026, 2, 8, 6, 30), NEW_YORK)).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 1,
      minute: 30,
      weekday: 0,
    });
  });
});

describe('the rest', () => {
  it('names the zone as viewers know it', () => {
    expect(zoneName(Date.UTC(2026, 0, 15), NEW_YORK)).toBe('EST');
    expect(zoneName(Date.UTC(2026, 6, 15), NEW_YORK)).toBe('EDT');
  });

  it('writes ranges, countdowns and what is left', () => {
    expect(formatRange(Date.UTC(2026, 0, 1, 13), Date.UTC(2026, 0, 1, 14, 30), 'UTC')).toBe(
      '1:00 PM – 2:30 PM',
    );
    expect(countdown(10_000 + 249_000, 10_000)).toBe('4:09');
    expect(countdown(3_909_000, 0)).toBe('1:05:09');
    expect(countdown(0, 5)).toBe('now');
    expect(timeLeft(25 * 60_000, 0)).toBe('25 min left');
    expect(timeLeft(65 * 60_000, 0)).toBe('1 h 5 min left');
    expect(timeLeft(120 * 60_000, 0)).toBe('2 h left');
  });

  it('steps back to the quarter hour', () => {
    expect(quarterHourBefore(Date.UTC(2026, 0, 1, 13, 14, 59))).toBe(Date.UTC(2026, 0, 1, 13));
    expect(quarterHourBefore(Date.UTC(2026, 0, 1, 13, 15))).toBe(Date.UTC(2026, 0, 1, 13, 15));
  });
});
