import { describe, expect, test } from 'vitest';
import { expandRecurrence, type RecurrenceInput } from './expand.js';
import { overrideFor, parseExceptions, withOverride } from './overrides.js';
import { splitRecurrence } from './split.js';
import { validateRecurrence } from './validate.js';

const utc = (iso: string) => Date.parse(iso);
const YEAR = { from: utc('2026-01-01T00:00Z'), to: utc('2027-01-01T00:00Z') };

/** The second Friday of each month at 19:00 in New York, for an hour. */
const secondFriday: RecurrenceInput = {
  rrule: 'FREQ=MONTHLY;BYDAY=2FR',
  timeZone: 'America/New_York',
  startLocal: '2026-01-01T19:00',
  durationSec: 3600,
};

describe('parseExceptions', () => {
  test('reads an object or its JSON text; empty values are no overrides', () => {
    const exceptions = {
      '2026-03-13T19:00': { cancelled: true },
      '2026-04-10T19:00': { startLocal: '2026-04-11T20:00', durationSec: 5400 },
      '2026-05-08T19:00': { show: 'k3b8x2m1p0q9r7s' },
    };
    expect(parseExceptions(exceptions)).toEqual(exceptions);
    expect(parseExceptions(JSON.stringify(exceptions))).toEqual(exceptions);
    expect(parseExceptions(null)).toEqual({});
    expect(parseExceptions('')).toEqual({});
    expect(parseExceptions('null')).toEqual({});
    expect(parseExceptions({ '2026-05-08T19:00': { cancelled: false, show: 'x' } })).toEqual({
      '2026-05-08T19:00': { show: 'x' },
    });
  });

  test.each([
    ['{nope', 'Exceptions must be a JSON object of overrides by instance start'],
    [
      [1],
      'Exceptions must be an object of overrides by instance start, e.g. {"2026-03-13T19:00": {"cancelled": true}}',
    ],
    [
      { 'March 13': { cancelled: true } },
      'Exception "March 13" must be keyed by the instance\'s local start, YYYY-MM-DDTHH:mm',
    ],
    [
      { '2026-03-13T19:00': true },
      'Exception 2026-03-13T19:00 must be an object such as {"cancelled": true}',
    ],
    [
      { '2026-03-13T19:00': { skip: true } },
      'Exception 2026-03-13T19:00: "skip" is not an override field; use cancelled, startLocal, durationSec or show',
    ],
    [
      { '2026-03-13T19:00': { cancelled: 'yes' } },
      'Exception 2026-03-13T19:00: cancelled must be true or false',
    ],
    [
      { '2026-03-13T19:00': { cancelled: true, show: 'x' } },
      'Exception 2026-03-13T19:00: a cancelled instance cannot also be moved or replaced',
    ],
    [
      { '2026-03-13T19:00': { startLocal: '2026-03-13 20:00' } },
      'Exception 2026-03-13T19:00: startLocal must be a local date and time, YYYY-MM-DDTHH:mm',
    ],
    [
      { '2026-03-13T19:00': { durationSec: 300 } },
      'Exception 2026-03-13T19:00: durationSec must be a whole number of seconds, at least 900',
    ],
    [
      { '2026-03-13T19:00': { show: ' ' } },
      'Exception 2026-03-13T19:00: show must be the id of a show',
    ],
    [
      { '2026-03-13T19:00': {} },
      'Exception 2026-03-13T19:00 changes nothing: set cancelled, startLocal, durationSec or show',
    ],
  ])('refuses %j', (value, message) => {
    expect(() => parseExceptions(value)).toThrow(message);
  });
});

describe('expandRecurrence with overrides', () => {
  test('cancels, moves, resizes and replaces single instances', () => {
    const occurrences = expandRecurrence(
      {
        ...secondFriday,
        exceptions: {
          '2026-03-13T19:00': { cancelled: true },
          '2026-04-10T19:00': { startLocal: '2026-04-11T20:00', durationSec: 5400 },
          '2026-05-08T19:00': { show: 'replacement' },
        },
      },
      { from: utc('2026-02-01T00:00Z'), to: utc('2026-06-01T00:00Z') },
    );
    expect(occurrences).toEqual([
      { key: '2026-02-13T19:00', start: utc('2026-02-14T00:00Z'), durationSec: 3600 },
      {
        key: '2026-04-10T19:00',
        start: utc('2026-04-12T00:00Z'),
        durationSec: 5400,
        override: { startLocal: '2026-04-11T20:00', durationSec: 5400 },
      },
      {
        key: '2026-05-08T19:00',
        start: utc('2026-05-08T23:00Z'),
        durationSec: 3600,
        override: { show: 'replacement' },
      },
    ]);
  });

  test('includeCancelled returns cancelled instances marked as such', () => {
    const occurrences = expandRecurrence(
      { ...secondFriday, exceptions: { '2026-03-13T19:00': { cancelled: true } } },
      { from: utc('2026-03-01T00:00Z'), to: utc('2026-04-01T00:00Z') },
      { includeCancelled: true },
    );
    expect(occurrences).toEqual([
      {
        key: '2026-03-13T19:00',
        start: utc('2026-03-13T23:00Z'),
        durationSec: 3600,
        override: { cancelled: true },
      },
    ]);
  });

  test('an instance moved into the window from far away is included, and sorted by start', () => {
    const exceptions = { '2026-11-13T19:00': { startLocal: '2026-02-13T21:00' } };
    const occurrences = expandRecurrence(
      { ...secondFriday, exceptions },
      { from: utc('2026-02-01T00:00Z'), to: utc('2026-03-01T00:00Z') },
    );
    expect(occurrences.map((o) => o.key)).toEqual(['2026-02-13T19:00', '2026-11-13T19:00']);
    // ...and no longer appears where it came from.
    const november = expandRecurrence(
      { ...secondFriday, exceptions },
      { from: utc('2026-11-01T00:00Z'), to: utc('2026-12-01T00:00Z') },
    );
    expect(november).toEqual([]);
  });

  test('a moved instance still counts once for COUNT', () => {
    const occurrences = expandRecurrence(
      {
        ...secondFriday,
        rrule: 'FREQ=MONTHLY;BYDAY=2FR;COUNT=3',
        exceptions: { '2026-01-09T19:00': { startLocal: '2026-03-20T19:00' } },
      },
      YEAR,
    );
    expect(occurrences.map((o) => o.key)).toEqual([
      '2026-02-13T19:00',
      '2026-03-13T19:00',
      '2026-01-09T19:00',
    ]);
  });
});

describe('splitRecurrence', () => {
  const exceptions = {
    '2026-02-13T19:00': { cancelled: true as const },
    '2026-06-12T19:00': { show: 'special' },
    '2026-09-11T19:00': { durationSec: 7200 },
  };

  test('ends the old series at the instance before and starts a new one at the instance', () => {
    const { before, after } = splitRecurrence({ ...secondFriday, exceptions }, '2026-06-12T19:00');
    const lastBefore = utc('2026-05-08T23:00Z');
    expect(before).toEqual({
      ...secondFriday,
      rrule: 'FREQ=MONTHLY;BYDAY=2FR;UNTIL=20260508T230000Z',
      until: lastBefore,
      exceptions: { '2026-02-13T19:00': { cancelled: true } },
    });
    expect(after).toEqual({
      ...secondFriday,
      startLocal: '2026-06-12T19:00',
      exceptions: {
        '2026-06-12T19:00': { show: 'special' },
        '2026-09-11T19:00': { durationSec: 7200 },
      },
    });
  });

  test('splits COUNT between the two halves', () => {
    const counted = { ...secondFriday, rrule: 'FREQ=MONTHLY;BYDAY=2FR;COUNT=10' };
    const { before, after } = splitRecurrence(counted, '2026-04-10T19:00');
    expect(before?.rrule).toBe('FREQ=MONTHLY;BYDAY=2FR;COUNT=3');
    expect(after.rrule).toBe('FREQ=MONTHLY;BYDAY=2FR;COUNT=7');
    const keys = (r: RecurrenceInput | null) =>
      r
        ? expandRecurrence(r, { from: YEAR.from, to: utc('2028-01-01T00:00Z') }).map((o) => o.key)
        : [];
    expect([...keys(before), ...keys(after)]).toEqual(keys(counted));
  });

  test('at the first instance the whole series is "this and following"', () => {
    const { before, after } = splitRecurrence(secondFriday, '2026-01-09T19:00');
    expect(before).toBeNull();
    expect(after.startLocal).toBe('2026-01-09T19:00');
  });

  test('refuses a key that is not an instance', () => {
    expect(() => splitRecurrence(secondFriday, '2026-01-16T19:00')).toThrow(
      '2026-01-16T19:00 is not an instance of this recurrence',
    );
    expect(() => splitRecurrence(secondFriday, '2026-01-09T20:00')).toThrow(
      '2026-01-09T20:00 is not an instance of this recurrence',
    );
  });
});

describe('validateRecurrence', () => {
  const fields = {
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    timeZone: 'Europe/London',
    startLocal: '2026-03-03T19:00',
    durationSec: 1800,
  };

  test('no errors for a good recurrence', () => {
    expect(
      validateRecurrence({ ...fields, exceptions: '{"2026-03-10T19:00":{"cancelled":true}}' }),
    ).toEqual({});
  });

  test('one message per wrong field', () => {
    expect(
      validateRecurrence({
        rrule: 'FREQ=WEEKLY;BYHOUR=2',
        timeZone: 'Europe/Londn',
        startLocal: '2026-03-03',
        durationSec: 0,
        exceptions: '[]',
      }),
    ).toEqual({
      rrule:
        'BYHOUR is not supported: the time of day comes from the start time; make one recurrence per time',
      timeZone: '"Europe/Londn" is not a time zone: use an IANA name such as America/New_York',
      startLocal: 'The start must be a local date and time, YYYY-MM-DDTHH:mm (got "2026-03-03")',
      durationSec: 'The duration must be a whole number of seconds, at least 900',
      exceptions:
        'Exceptions must be an object of overrides by instance start, e.g. {"2026-03-13T19:00": {"cancelled": true}}',
    });
  });

  test('a rule that ends before it starts, or never matches', () => {
    expect(validateRecurrence({ ...fields, rrule: 'FREQ=WEEKLY;UNTIL=20260301' })).toEqual({
      rrule: 'The rule ends before its first instance: check UNTIL and the start',
    });
    expect(
      validateRecurrence({
        ...fields,
        rrule: 'FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29',
        startLocal: '2025-01-01T19:00',
      }),
    ).toEqual({
      rrule:
        'The rule never produces an instance from 2025-01-01T19:00: check BYMONTH, BYMONTHDAY and BYDAY',
    });
  });

  test('an exception keyed by something that is not an instance', () => {
    expect(
      validateRecurrence({ ...fields, exceptions: { '2026-03-11T19:00': { cancelled: true } } }),
    ).toEqual({
      exceptions: 'Exception 2026-03-11T19:00 is not an instance of this recurrence',
    });
  });
});

describe('overrideFor and withOverride', () => {
  const rule = { durationSec: 3600, show: 'showA' };
  const key = '2026-04-10T19:00';
  const airing = { startLocal: key, durationSec: 3600, show: 'showA', cancelled: false };

  test('an instance airing as the rule says needs no override', () => {
    expect(overrideFor(key, rule, airing)).toBeNull();
  });

  test('only the fields that differ are written', () => {
    expect(overrideFor(key, rule, { ...airing, startLocal: '2026-04-11T20:00' })).toEqual({
      startLocal: '2026-04-11T20:00',
    });
    expect(overrideFor(key, rule, { ...airing, durationSec: 5400, show: 'showB' })).toEqual({
      durationSec: 5400,
      show: 'showB',
    });
  });

  test('a cancelled airing is a cancellation whatever else changed', () => {
    expect(
      overrideFor(key, rule, { ...airing, startLocal: '2026-04-11T20:00', cancelled: true }),
    ).toEqual({
      cancelled: true,
    });
  });

  test('every override it makes is one parseExceptions accepts', () => {
    const made = overrideFor(key, rule, {
      ...airing,
      startLocal: '2026-04-11T20:00',
      durationSec: 900,
    });
    expect(parseExceptions({ [key]: made })).toEqual({ [key]: made });
  });

  test('withOverride sets, replaces and removes one key, leaving the others', () => {
    const other = { '2026-03-13T19:00': { cancelled: true as const } };
    const set = withOverride(other, key, { durationSec: 900 });
    expect(set).toEqual({ ...other, [key]: { durationSec: 900 } });
    expect(withOverride(set, key, { cancelled: true })).toEqual({
      ...other,
      [key]: { cancelled: true },
    });
    expect(withOverride(set, key, null)).toEqual(other);
    expect(other).toEqual({ '2026-03-13T19:00': { cancelled: true } });
  });
});
