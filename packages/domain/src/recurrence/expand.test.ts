import { describe, expect, test } from 'vitest';
import { instantToLocal, lengthOfLocalDay, localToInstant } from '../time.js';
import { RecurrenceError } from './errors.js';
import {
  expandRecurrence,
  firstOccurrenceKey,
  isOccurrenceKey,
  MAX_OCCURRENCES,
  type RecurrenceInput,
} from './expand.js';
import { MAX_PERIODS } from './instances.js';

const HOUR_MS = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

/** The keys of a rule's instances between two UTC dates. */
function keys(rrule: string, startLocal: string, from: string, to: string, zone = 'UTC'): string[] {
  return expandRecurrence(
    { rrule, timeZone: zone, startLocal, durationSec: 3600 },
    { from: utc(from), to: utc(to) },
  ).map((o) => o.key);
}

describe('expandRecurrence: rule patterns', () => {
  test('every 8 weeks keeps the start weekday and an 8-week stride', () => {
    expect(
      keys('FREQ=WEEKLY;INTERVAL=8', '2026-01-09T19:00', '2026-01-01T00:00Z', '2026-12-31T00:00Z'),
    ).toEqual([
      '2026-01-09T19:00',
      '2026-03-06T19:00',
      '2026-05-01T19:00',
      '2026-06-26T19:00',
      '2026-08-21T19:00',
      '2026-10-16T19:00',
      '2026-12-11T19:00',
    ]);
  });

  test('every 2 weeks on Tuesday and Thursday, weeks counted from WKST', () => {
    expect(
      keys(
        'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
        '2026-03-03T20:00',
        '2026-03-01T00:00Z',
        '2026-04-01T00:00Z',
      ),
    ).toEqual([
      '2026-03-03T20:00',
      '2026-03-05T20:00',
      '2026-03-17T20:00',
      '2026-03-19T20:00',
      '2026-03-31T20:00',
    ]);
    // RFC 5545's WKST example: the same rule from a Tuesday, with the week starting on Monday
    // or on Sunday, picks different days.
    const rfc = (wkst: string) =>
      keys(
        `FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=${wkst}`,
        '1997-08-05T09:00',
        '1997-08-01T00:00Z',
        '1997-09-30T00:00Z',
      ).map((key) => key.slice(0, 10));
    expect(rfc('MO')).toEqual(['1997-08-05', '1997-08-10', '1997-08-19', '1997-08-24']);
    expect(rfc('SU')).toEqual(['1997-08-05', '1997-08-17', '1997-08-19', '1997-08-31']);
  });

  test('the second Friday of each month', () => {
    expect(
      keys('FREQ=MONTHLY;BYDAY=2FR', '2026-01-01T18:30', '2026-01-01T00:00Z', '2026-07-01T00:00Z'),
    ).toEqual([
      '2026-01-09T18:30',
      '2026-02-13T18:30',
      '2026-03-13T18:30',
      '2026-04-10T18:30',
      '2026-05-08T18:30',
      '2026-06-12T18:30',
    ]);
  });

  test('the last Tuesday of each month', () => {
    expect(
      keys('FREQ=MONTHLY;BYDAY=-1TU', '2026-01-01T19:00', '2026-01-01T00:00Z', '2026-07-01T00:00Z'),
    ).toEqual([
      '2026-01-27T19:00',
      '2026-02-24T19:00',
      '2026-03-31T19:00',
      '2026-04-28T19:00',
      '2026-05-26T19:00',
      '2026-06-30T19:00',
    ]);
  });

  test('BYMONTHDAY=31 skips the months without a 31st instead of moving', () => {
    expect(
      keys(
        'FREQ=MONTHLY;BYMONTHDAY=31',
        '2026-01-01T12:00',
        '2026-01-01T00:00Z',
        '2027-01-01T00:00Z',
      ),
    ).toEqual([
      '2026-01-31T12:00',
      '2026-03-31T12:00',
      '2026-05-31T12:00',
      '2026-07-31T12:00',
      '2026-08-31T12:00',
      '2026-10-31T12:00',
      '2026-12-31T12:00',
    ]);
    // A monthly rule without BYMONTHDAY that starts on the 31st does the same.
    expect(
      keys('FREQ=MONTHLY;COUNT=3', '2026-01-31T12:00', '2026-01-01T00:00Z', '2027-01-01T00:00Z'),
    ).toEqual(['2026-01-31T12:00', '2026-03-31T12:00', '2026-05-31T12:00']);
  });

  test('BYMONTHDAY=-1 is the last day of every month, leap February included', () => {
    expect(
      keys(
        'FREQ=MONTHLY;BYMONTHDAY=-1',
        '2028-01-01T12:00',
        '2028-01-01T00:00Z',
        '2028-05-01T00:00Z',
      ),
    ).toEqual(['2028-01-31T12:00', '2028-02-29T12:00', '2028-03-31T12:00', '2028-04-30T12:00']);
  });

  test('Friday the 13th: BYDAY and BYMONTHDAY together keep the days matching both', () => {
    expect(
      keys(
        'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
        '2026-01-01T21:00',
        '2026-01-01T00:00Z',
        '2027-12-31T00:00Z',
      ),
    ).toEqual(['2026-02-13T21:00', '2026-03-13T21:00', '2026-11-13T21:00', '2027-08-13T21:00']);
  });

  test('yearly rules: by month and position, Feb 29, nth weekday of the year', () => {
    expect(
      keys(
        'FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
        '2026-01-01T09:00',
        '2026-01-01T00:00Z',
        '2029-01-01T00:00Z',
      ),
    ).toEqual(['2026-10-25T09:00', '2027-10-31T09:00', '2028-10-29T09:00']);
    expect(
      keys('FREQ=YEARLY', '2024-02-29T10:00', '2024-01-01T00:00Z', '2033-01-01T00:00Z'),
    ).toEqual(['2024-02-29T10:00', '2028-02-29T10:00', '2032-02-29T10:00']);
    expect(
      keys('FREQ=YEARLY;BYDAY=20MO', '1997-01-01T09:00', '1997-01-01T00:00Z', '2000-01-01T00:00Z'),
    ).toEqual(['1997-05-19T09:00', '1998-05-18T09:00', '1999-05-17T09:00']);
    expect(
      keys(
        'FREQ=YEARLY;BYMONTHDAY=1;COUNT=3',
        '2026-05-20T09:00',
        '2026-01-01T00:00Z',
        '2027-01-01T00:00Z',
      ),
    ).toEqual(['2026-06-01T09:00', '2026-07-01T09:00', '2026-08-01T09:00']);
  });

  test('daily on weekdays in given months, stepping INTERVAL days', () => {
    expect(
      keys(
        'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;BYMONTH=1',
        '2026-01-29T07:00',
        '2026-01-01T00:00Z',
        '2027-01-07T00:00Z',
      ),
    ).toEqual([
      '2026-01-29T07:00',
      '2026-01-30T07:00',
      '2027-01-01T07:00',
      '2027-01-04T07:00',
      '2027-01-05T07:00',
      '2027-01-06T07:00',
    ]);
    expect(
      keys('FREQ=DAILY;INTERVAL=10', '2026-01-01T07:00', '2026-01-15T00:00Z', '2026-02-15T00:00Z'),
    ).toEqual(['2026-01-21T07:00', '2026-01-31T07:00', '2026-02-10T07:00']);
  });

  test('days of the start period before the start are not instances', () => {
    expect(
      keys('FREQ=WEEKLY;BYDAY=MO,FR', '2026-03-04T19:00', '2026-03-01T00:00Z', '2026-03-10T00:00Z'),
    ).toEqual(['2026-03-06T19:00', '2026-03-09T19:00']);
  });
});

describe('expandRecurrence: COUNT and UNTIL', () => {
  const weekly: RecurrenceInput = {
    rrule: 'FREQ=WEEKLY;COUNT=5',
    timeZone: 'America/Chicago',
    startLocal: '2026-01-05T19:00',
    durationSec: 3600,
  };

  test('COUNT counts from the start, whatever the window', () => {
    const all = expandRecurrence(weekly, {
      from: utc('2025-01-01T00:00Z'),
      to: utc('2030-01-01T00:00Z'),
    });
    expect(all.map((o) => o.key.slice(0, 10))).toEqual([
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
    ]);
    // 19:00 on the 19th in Chicago is 01:00Z on the 20th.
    const late = expandRecurrence(weekly, {
      from: utc('2026-01-20T02:00Z'),
      to: utc('2030-01-01T00:00Z'),
    });
    expect(late.map((o) => o.key.slice(0, 10))).toEqual(['2026-01-26', '2026-02-02']);
  });

  test('UNTIL is inclusive: in UTC, in local time and as a date', () => {
    const until = (part: string) =>
      expandRecurrence(
        { ...weekly, rrule: `FREQ=WEEKLY;UNTIL=${part}` },
        { from: utc('2026-01-01T00:00Z'), to: utc('2027-01-01T00:00Z') },
      ).map((o) => o.key.slice(0, 10));
    // 19:00 in Chicago (UTC-6) is 01:00Z the next day.
    expect(until('20260120T010000Z')).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
    expect(until('20260120T005959Z')).toEqual(['2026-01-05', '2026-01-12']);
    expect(until('20260119T190000')).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
    expect(until('20260119T185959')).toEqual(['2026-01-05', '2026-01-12']);
    expect(until('20260119')).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
  });

  test('the record until (epoch ms) ends the series too, inclusive', () => {
    const window = { from: utc('2026-01-01T00:00Z'), to: utc('2027-01-01T00:00Z') };
    const series = { ...weekly, rrule: 'FREQ=WEEKLY' };
    expect(
      expandRecurrence({ ...series, until: utc('2026-01-13T01:00Z') }, window).map((o) => o.key),
    ).toEqual(['2026-01-05T19:00', '2026-01-12T19:00']);
  });
});

describe('expandRecurrence: the window', () => {
  const nightly: RecurrenceInput = {
    rrule: 'FREQ=DAILY',
    timeZone: 'UTC',
    startLocal: '2026-01-01T23:00',
    durationSec: 7200,
  };

  test('includes an instance that started before the window and is still on', () => {
    const occurrences = expandRecurrence(nightly, {
      from: utc('2026-01-03T00:30Z'),
      to: utc('2026-01-04T00:00Z'),
    });
    expect(occurrences).toEqual([
      { key: '2026-01-02T23:00', start: utc('2026-01-02T23:00Z'), durationSec: 7200 },
      { key: '2026-01-03T23:00', start: utc('2026-01-03T23:00Z'), durationSec: 7200 },
    ]);
  });

  test('leaves out an instance that ends exactly at the window start or starts at its end', () => {
    const occurrences = expandRecurrence(nightly, {
      from: utc('2026-01-03T01:00Z'),
      to: utc('2026-01-03T23:00Z'),
    });
    expect(occurrences).toEqual([]);
  });

  test('a window of one instant holds what is on then; a reversed one is an error', () => {
    const at = utc('2026-01-03T00:00Z');
    expect(expandRecurrence(nightly, { from: at, to: at }).map((o) => o.key)).toEqual([
      '2026-01-02T23:00',
    ]);
    expect(expandRecurrence(nightly, { from: at + 3_600_000, to: at + 3_600_000 })).toEqual([]);
    expect(() => expandRecurrence(nightly, { from: at, to: at - 1 })).toThrow(
      'The window must be two instants, from before to',
    );
  });

  test('a window before the start holds nothing', () => {
    expect(
      expandRecurrence(nightly, { from: utc('2025-01-01T00:00Z'), to: utc('2026-01-01T22:59Z') }),
    ).toEqual([]);
  });

  test('refuses a window with more instances than MAX_OCCURRENCES', () => {
    expect(() =>
      expandRecurrence(nightly, { from: utc('2026-01-01T00:00Z'), to: utc('2060-01-01T00:00Z') }),
    ).toThrow(
      `The window holds more than ${MAX_OCCURRENCES} instances of this recurrence: ask for a shorter window`,
    );
  });

  test('stops a walk that would never end', () => {
    // Never a leap year: 2025 + 4k. COUNT makes the walk start from the beginning.
    const never: RecurrenceInput = {
      rrule: 'FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29;COUNT=2',
      timeZone: 'UTC',
      startLocal: '2025-01-01T10:00',
      durationSec: 900,
    };
    expect(() => firstOccurrenceKey(never)).toThrow(
      `Expanding this recurrence stopped after ${MAX_PERIODS} periods: the rule matches too rarely or the window is too long`,
    );
  });

  test.each([
    [
      { timeZone: 'Mars/Olympus' },
      '"Mars/Olympus" is not a time zone: use an IANA name such as America/New_York',
    ],
    [{ timeZone: '' }, '"" is not a time zone: use an IANA name such as America/New_York'],
    [
      { startLocal: '2026-02-30T19:00' },
      'The start must be a local date and time, YYYY-MM-DDTHH:mm (got "2026-02-30T19:00")',
    ],
    [
      { startLocal: '2026-01-01 19:00' },
      'The start must be a local date and time, YYYY-MM-DDTHH:mm (got "2026-01-01 19:00")',
    ],
    [{ durationSec: 600 }, 'The duration must be a whole number of seconds, at least 900'],
    [{ durationSec: 1800.5 }, 'The duration must be a whole number of seconds, at least 900'],
    [
      { rrule: 'FREQ=DAILY;BYHOUR=3' },
      'BYHOUR is not supported: the time of day comes from the start time; make one recurrence per time',
    ],
  ])('refuses %j', (change, message) => {
    const window = { from: utc('2026-01-01T00:00Z'), to: utc('2026-02-01T00:00Z') };
    expect(() => expandRecurrence({ ...nightly, ...change }, window)).toThrow(RecurrenceError);
    expect(() => expandRecurrence({ ...nightly, ...change }, window)).toThrow(message);
  });
});

describe('expandRecurrence: daylight saving time', () => {
  const daily = (timeZone: string, startLocal: string): RecurrenceInput => ({
    rrule: 'FREQ=DAILY',
    timeZone,
    startLocal,
    durationSec: 3600,
  });

  test.each([
    // zone, 23-hour day, 25-hour day, UTC hour of 19:00 in winter and in summer
    ['America/New_York', '2026-03-08', '2026-11-01', 0, 23],
    ['Europe/London', '2026-03-29', '2026-10-25', 19, 18],
  ])(
    'a daily 19:00 show in %s stays 19:00 across %s and %s',
    (zone, spring, autumn, winterUtc, summerUtc) => {
      expect(lengthOfLocalDay(spring, zone)).toBe(82_800);
      expect(lengthOfLocalDay(autumn, zone)).toBe(90_000);
      const series = daily(zone, '2026-01-01T19:00');
      const around = (day: string) => {
        const middle = localToInstant(`${day}T12:00`, zone);
        return expandRecurrence(series, {
          from: middle - 3 * 86_400_000,
          to: middle + 3 * 86_400_000,
        });
      };
      for (const [day, before, after] of [
        [spring, winterUtc, summerUtc],
        [autumn, summerUtc, winterUtc],
      ] as const) {
        const occurrences = around(day);
        expect(occurrences).toHaveLength(6);
        for (const o of occurrences) expect(instantToLocal(o.start, zone).slice(11)).toBe('19:00');
        const changeDay = occurrences.findIndex((o) => o.key.startsWith(day));
        // The UTC hour shifts by one at the change...
        expect(new Date(occurrences[changeDay - 1]?.start ?? 0).getUTCHours()).toBe(before);
        expect(new Date(occurrences[changeDay]?.start ?? 0).getUTCHours()).toBe(after);
        // ...so the show is 23 or 25 hours after the one before it, and 24 otherwise.
        const gaps = occurrences
          .slice(1)
          .map((o, i) => (o.start - (occurrences[i]?.start ?? 0)) / HOUR_MS);
        const expected = gaps.map((_, i) =>
          i + 1 === changeDay ? lengthOfLocalDay(day, zone) / 3600 : 24,
        );
        expect(gaps).toEqual(expected);
      }
    },
  );

  test('a 02:30 show on the spring-forward day in New York moves forward to 03:30 EDT', () => {
    const occurrences = expandRecurrence(daily('America/New_York', '2026-03-06T02:30'), {
      from: utc('2026-03-06T00:00Z'),
      to: utc('2026-03-10T00:00Z'),
    });
    expect(
      occurrences.map((o) => [
        o.key,
        instantToLocal(o.start, 'America/New_York'),
        new Date(o.start).toISOString(),
      ]),
    ).toEqual([
      ['2026-03-06T02:30', '2026-03-06T02:30', '2026-03-06T07:30:00.000Z'],
      ['2026-03-07T02:30', '2026-03-07T02:30', '2026-03-07T07:30:00.000Z'],
      ['2026-03-08T02:30', '2026-03-08T03:30', '2026-03-08T07:30:00.000Z'],
      ['2026-03-09T02:30', '2026-03-09T02:30', '2026-03-09T06:30:00.000Z'],
    ]);
  });

  test('a 01:30 show on the fall-back day takes the first 01:30 (EDT)', () => {
    const occurrences = expandRecurrence(daily('America/New_York', '2026-10-31T01:30'), {
      from: utc('2026-10-31T00:00Z'),
      to: utc('2026-11-03T00:00Z'),
    });
    expect(occurrences.map((o) => [o.key, new Date(o.start).toISOString()])).toEqual([
      ['2026-10-31T01:30', '2026-10-31T05:30:00.000Z'],
      ['2026-11-01T01:30', '2026-11-01T05:30:00.000Z'],
      ['2026-11-02T01:30', '2026-11-02T06:30:00.000Z'],
    ]);
  });

  test('every instance start is the zone conversion of its key, over years of changes', () => {
    for (const zone of [
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'America/Sao_Paulo',
    ]) {
      const occurrences = expandRecurrence(daily(zone, '2017-01-01T02:15'), {
        from: utc('2017-01-01T00:00Z'),
        to: utc('2021-01-01T00:00Z'),
      });
      expect(occurrences.length).toBeGreaterThan(1400);
      for (const o of occurrences) expect(o.start).toBe(localToInstant(o.key, zone));
    }
  });
});

describe('firstOccurrenceKey and isOccurrenceKey', () => {
  const series = {
    rrule: 'FREQ=MONTHLY;BYDAY=2FR',
    timeZone: 'Europe/Berlin',
    startLocal: '2026-03-14T20:15',
    durationSec: 3600,
  };

  test('the first instance is the first match on or after the start', () => {
    expect(firstOccurrenceKey(series)).toBe('2026-04-10T20:15');
    expect(
      firstOccurrenceKey({ ...series, rrule: 'FREQ=MONTHLY;BYDAY=2FR;UNTIL=20260401' }),
    ).toBeNull();
  });

  test('a key is an instance when its day matches and its time is the start time', () => {
    expect(isOccurrenceKey(series, '2026-05-08T20:15')).toBe(true);
    expect(isOccurrenceKey(series, '2026-05-08T20:00')).toBe(false);
    expect(isOccurrenceKey(series, '2026-05-15T20:15')).toBe(false);
    expect(isOccurrenceKey(series, '2026-03-13T20:15')).toBe(false);
    expect(isOccurrenceKey(series, 'next friday')).toBe(false);
  });
});
