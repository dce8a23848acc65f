import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  fromRecordDate,
  guideColumns,
  instantToLocal,
  instantToOffsetIso,
  isOnQuarterHour,
  isRecordDateInRange,
  isValidTimeZone,
  lengthOfLocalDay,
  localToInstant,
  MAX_RECORD_DATE_MS,
  MIN_RECORD_DATE_MS,
  mondayOfWeek,
  QUARTER_HOUR_MS,
  QUARTER_HOUR_SEC,
  readLocalTime,
  roundUpToQuarterHour,
  snapInstant,
  snapToQuarterHour,
  toRecordDate,
} from './time.js';

describe('roundUpToQuarterHour', () => {
  it.each([
    [1, 900],
    [900, 900],
    [901, 1800],
    [1710, 1800],
    [2220, 2700],
    [5400, 5400],
  ])('rounds %i s up to %i s', (seconds, rounded) => {
    expect(roundUpToQuarterHour(seconds)).toBe(rounded);
  });

  it('rounds a running time up to whole 15-minute steps', () => {
    expect(roundUpToQuarterHour(50 * 60)).toBe(3600);
    expect(roundUpToQuarterHour(45 * 60)).toBe(2700);
    expect(roundUpToQuarterHour(45 * 60 + 1)).toBe(3600);
    expect(roundUpToQuarterHour(60)).toBe(QUARTER_HOUR_SEC);
  });

  it('never returns less than one step', () => {
    expect(roundUpToQuarterHour(0)).toBe(QUARTER_HOUR_SEC);
    expect(roundUpToQuarterHour(-5)).toBe(QUARTER_HOUR_SEC);
    expect(roundUpToQuarterHour(Number.NaN)).toBe(QUARTER_HOUR_SEC);
  });

  it('always covers the whole running time, by less than one step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400 }), (seconds) => {
        const rounded = roundUpToQuarterHour(seconds);
        return (
          rounded % QUARTER_HOUR_SEC === 0 &&
          rounded >= seconds &&
          rounded - seconds < QUARTER_HOUR_SEC
        );
      }),
    );
  });
});

describe('snapToQuarterHour', () => {
  it('rounds to the nearest 15 minutes', () => {
    expect(snapToQuarterHour(29 * 60)).toBe(1800);
    expect(snapToQuarterHour(22 * 60 + 29)).toBe(900);
    expect(snapToQuarterHour(22 * 60 + 30)).toBe(1800);
    expect(snapToQuarterHour(3600)).toBe(3600);
  });

  it('never returns less than one step', () => {
    expect(snapToQuarterHour(0)).toBe(QUARTER_HOUR_SEC);
    expect(snapToQuarterHour(-60)).toBe(QUARTER_HOUR_SEC);
    expect(snapToQuarterHour(Number.NaN)).toBe(QUARTER_HOUR_SEC);
    expect(snapToQuarterHour(60)).toBe(QUARTER_HOUR_SEC);
  });

  it('always yields a positive multiple of 900 within half a step of the input', () => {
    fc.assert(
      fc.property(fc.integer({ min: 450, max: 7 * 86_400 }), (seconds) => {
        const snapped = snapToQuarterHour(seconds);
        expect(snapped % QUARTER_HOUR_SEC).toBe(0);
        expect(Math.abs(snapped - seconds)).toBeLessThanOrEqual(QUARTER_HOUR_SEC / 2);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1_000_000 }), (seconds) => {
        const once = snapToQuarterHour(seconds);
        expect(snapToQuarterHour(once)).toBe(once);
      }),
    );
  });
});

describe('snapInstant', () => {
  const tenAm = Date.UTC(2026, 4, 1, 10, 0);

  it('rounds to the nearest quarter hour, ties later', () => {
    expect(snapInstant(tenAm)).toBe(tenAm);
    expect(snapInstant(tenAm + 7 * 60_000 + 29_999)).toBe(tenAm);
    expect(snapInstant(tenAm + 7 * 60_000 + 30_000)).toBe(tenAm + QUARTER_HOUR_MS);
    expect(snapInstant(tenAm - 8 * 60_000)).toBe(tenAm - QUARTER_HOUR_MS);
  });

  it('handles instants before 1970 without returning -0', () => {
    expect(Object.is(snapInstant(-1), 0)).toBe(true);
    expect(snapInstant(-QUARTER_HOUR_MS - 1)).toBe(-QUARTER_HOUR_MS);
  });

  it('refuses an instant that is not a number', () => {
    expect(() => snapInstant(Number.NaN)).toThrow(
      'An instant must be a finite number of epoch milliseconds (got NaN).',
    );
  });

  it('always lands on the grid, within 7.5 minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -4e12, max: 4e12 }), (ms) => {
        const snapped = snapInstant(ms);
        expect(isOnQuarterHour(snapped)).toBe(true);
        expect(Math.abs(snapped - ms)).toBeLessThanOrEqual(QUARTER_HOUR_MS / 2);
      }),
    );
  });
});

describe('guideColumns', () => {
  it('counts 900-second columns', () => {
    expect(guideColumns(3600)).toBe(4);
    expect(guideColumns(86_400)).toBe(96);
  });
});

describe('time zones', () => {
  it('recognizes IANA names and refuses others', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('has a 23-hour and a 25-hour day in America/New_York', () => {
    expect(lengthOfLocalDay('2026-03-08', 'America/New_York')).toBe(23 * 3600);
    expect(lengthOfLocalDay('2026-11-01', 'America/New_York')).toBe(25 * 3600);
    expect(lengthOfLocalDay('2026-06-01', 'America/New_York')).toBe(24 * 3600);
  });

  it('has a 23-hour and a 25-hour day in Europe/London', () => {
    expect(lengthOfLocalDay('2026-03-29', 'Europe/London')).toBe(23 * 3600);
    expect(lengthOfLocalDay('2026-10-25', 'Europe/London')).toBe(25 * 3600);
  });

  it('keeps 19:00 local across the March DST change', () => {
    const before = localToInstant('2026-03-07T19:00', 'America/New_York');
    const after = localToInstant('2026-03-08T19:00', 'America/New_York');
    expect(after - before).toBe(23 * 3600 * 1000);
    expect(toRecordDate(before)).toBe('2026-03-08 00:00:00.000Z');
    expect(toRecordDate(after)).toBe('2026-03-08 23:00:00.000Z');
    expect(instantToLocal(after, 'America/New_York')).toBe('2026-03-08T19:00');
  });

  it('moves a wall-clock time skipped by the spring change forward', () => {
    // 02:30 does not exist on 2026-03-08 in New York; it becomes 03:30 EDT.
    const instant = localToInstant('2026-03-08T02:30', 'America/New_York');
    expect(instantToLocal(instant, 'America/New_York')).toBe('2026-03-08T03:30');
  });

  it('takes the earlier of a repeated wall-clock time in the autumn', () => {
    // 01:30 happens twice on 2026-11-01 in New York; the first is EDT (UTC-4).
    const instant = localToInstant('2026-11-01T01:30', 'America/New_York');
    expect(toRecordDate(instant)).toBe('2026-11-01 05:30:00.000Z');
  });

  it('round-trips local times that exist', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 * 3 }),
        fc.integer({ min: 0, max: 95 }),
        fc.constantFrom('America/New_York', 'Europe/London', 'Asia/Kolkata', 'UTC'),
        (day, quarter, zone) => {
          const date = addDays('2025-01-01', day);
          const hh = String(Math.floor(quarter / 4)).padStart(2, '0');
          const mm = String((quarter % 4) * 15).padStart(2, '0');
          const local = `${date}T${hh}:${mm}`;
          const back = instantToLocal(localToInstant(local, zone), zone);
          // Times inside a spring-forward gap legitimately move; all others come back unchanged.
          if (back !== local) expect(lengthOfLocalDay(date, zone)).toBe(23 * 3600);
        },
      ),
    );
  });
});

describe('mondayOfWeek', () => {
  it('finds the Monday in the zone, not in UTC', () => {
    // Monday 2026-11-23 01:00 UTC is still Sunday evening in New York.
    const instant = Date.parse('2026-11-23T01:00:00Z');
    expect(mondayOfWeek(instant, 'UTC')).toBe('2026-11-23');
    expect(mondayOfWeek(instant, 'America/New_York')).toBe('2026-11-16');
  });
});

describe('record dates', () => {
  it('formats like PocketBase', () => {
    expect(toRecordDate(Date.UTC(2024, 4, 1, 10, 11, 12, 345))).toBe('2024-05-01 10:11:12.345Z');
  });

  it('parses both the record format and ISO 8601', () => {
    expect(fromRecordDate('2024-05-01 10:11:12.345Z')).toBe(Date.UTC(2024, 4, 1, 10, 11, 12, 345));
    expect(fromRecordDate('2024-05-01T10:11:12Z')).toBe(Date.UTC(2024, 4, 1, 10, 11, 12));
    expect(fromRecordDate('')).toBeNull();
    expect(fromRecordDate('not a date')).toBeNull();
  });

  it('round-trips any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        expect(fromRecordDate(toRecordDate(ms))).toBe(ms);
      }),
    );
  });

  it('spans PocketBase’s range, years 1 to 9999', () => {
    expect(toRecordDate(MIN_RECORD_DATE_MS)).toBe('0001-01-01 00:00:00.000Z');
    expect(toRecordDate(MAX_RECORD_DATE_MS)).toBe('9999-12-31 23:59:59.999Z');
    expect(fromRecordDate('0001-01-01 00:00:00.000Z')).toBe(MIN_RECORD_DATE_MS);
    expect(fromRecordDate('9999-12-31 23:59:59.999Z')).toBe(MAX_RECORD_DATE_MS);
    fc.assert(
      fc.property(fc.integer({ min: MIN_RECORD_DATE_MS, max: MAX_RECORD_DATE_MS }), (ms) => {
        expect(isRecordDateInRange(ms)).toBe(true);
        expect(fromRecordDate(toRecordDate(ms))).toBe(ms);
      }),
    );
  });

  it('reads dates outside that range as no date', () => {
    for (const text of [
      '0000-12-31 23:59:59.999Z',
      '10000-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '-271821-04-20T00:00:00Z',
      '+010000-01-01T00:00:00.000Z',
    ])
      expect(fromRecordDate(text), text).toBeNull();
  });

  it('formats any number without throwing: out-of-range instants clamp, NaN is empty', () => {
    expect(toRecordDate(1e20)).toBe('9999-12-31 23:59:59.999Z');
    expect(toRecordDate(8.64e15)).toBe('9999-12-31 23:59:59.999Z');
    expect(toRecordDate(Number.POSITIVE_INFINITY)).toBe('9999-12-31 23:59:59.999Z');
    expect(toRecordDate(-1e20)).toBe('0001-01-01 00:00:00.000Z');
    expect(toRecordDate(Number.NaN)).toBe('');
    fc.assert(
      fc.property(fc.double(), (ms) => {
        const text = toRecordDate(ms);
        if (Number.isNaN(ms)) expect(text).toBe('');
        else expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(isRecordDateInRange(ms)).toBe(
          Number.isFinite(ms) && ms >= MIN_RECORD_DATE_MS && ms <= MAX_RECORD_DATE_MS,
        );
      }),
    );
  });
});

describe('readLocalTime', () => {
  it('reads a wall-clock time in the zone, with a space or a T, seconds optional', () => {
    expect(readLocalTime('2026-12-01 19:00', 'America/New_York')).toEqual({
      ok: true,
      epochMs: Date.parse('2026-12-02T00:00:00Z'),
      repeated: false,
    });
    expect(readLocalTime('2026-07-01T19:00:00', 'Europe/London')).toEqual({
      ok: true,
      epochMs: Date.parse('2026-07-01T18:00:00Z'),
      repeated: false,
    });
  });

  it('a time the clocks jump over is skipped, in New York and London', () => {
    expect(readLocalTime('2027-03-14 02:30', 'America/New_York')).toEqual({
      ok: false,
      reason: 'skipped',
    });
    expect(readLocalTime('2027-03-28 01:15', 'Europe/London')).toEqual({
      ok: false,
      reason: 'skipped',
    });
  });

  it('a time that happens twice reads as the first and says so', () => {
    expect(readLocalTime('2026-11-01 01:30', 'America/New_York')).toEqual({
      ok: true,
      epochMs: Date.parse('2026-11-01T05:30:00Z'),
      repeated: true,
    });
    expect(readLocalTime('2026-10-25 01:30', 'Europe/London')).toMatchObject({
      epochMs: Date.parse('2026-10-25T00:30:00Z'),
      repeated: true,
    });
  });

  it('anything else is invalid', () => {
    for (const text of [
      '',
      '2026-12-01',
      '19:00',
      '2026-13-01 19:00',
      '2026-02-30 10:00',
      '2026-12-01 25:00',
      '12/01/2026 7pm',
    ])
      expect(readLocalTime(text, 'UTC')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('every quarter hour of a year in New York reads back to its own wall time unless skipped', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 96 - 1 }), (step) => {
        const wall = new Date(Date.UTC(2026, 0, 1) + step * 900_000).toISOString().slice(0, 16);
        const reading = readLocalTime(wall, 'America/New_York');
        if (!reading.ok) return reading.reason === 'skipped';
        return instantToLocal(reading.epochMs, 'America/New_York') === wall;
      }),
    );
  });
});

describe('instantToOffsetIso', () => {
  it('writes the zone’s wall clock with its offset, to the second', () => {
    expect(instantToOffsetIso(Date.UTC(2031, 0, 6, 12, 0, 3, 900), 'America/New_York')).toBe(
      '2031-01-06T07:00:03-05:00',
    );
    expect(instantToOffsetIso(Date.UTC(2031, 6, 6, 12, 0, 0), 'America/New_York')).toBe(
      '2031-07-06T08:00:00-04:00',
    );
    expect(instantToOffsetIso(Date.UTC(2031, 0, 6, 12, 0, 0), 'UTC')).toBe(
      '2031-01-06T12:00:00+00:00',
    );
  });
});
