import { describe, expect, test } from 'vitest';
import { formatRule, parseRule, RecurrenceRuleError, ruleError } from './rule.js';

describe('parseRule', () => {
  test('reads every supported part, with or without the RRULE: prefix and in any case', () => {
    expect(parseRule('RRULE:FREQ=WEEKLY;INTERVAL=8;BYDAY=TU,TH;WKST=SU;COUNT=12')).toEqual({
      freq: 'WEEKLY',
      interval: 8,
      byDay: [{ weekday: 'TU' }, { weekday: 'TH' }],
      byMonthDay: [],
      byMonth: [],
      wkst: 'SU',
      count: 12,
    });
    expect(parseRule(' rrule:freq=monthly;byday=2fr ')).toEqual({
      freq: 'MONTHLY',
      interval: 1,
      byDay: [{ weekday: 'FR', ordinal: 2 }],
      byMonthDay: [],
      byMonth: [],
      wkst: 'MO',
    });
  });

  test('reads BYDAY positions, negative month days, months and a trailing semicolon', () => {
    const rule = parseRule('FREQ=YEARLY;BYMONTH=10,3;BYDAY=-1SU,+1MO;BYMONTHDAY=-1,31;');
    expect(rule.byDay).toEqual([
      { weekday: 'SU', ordinal: -1 },
      { weekday: 'MO', ordinal: 1 },
    ]);
    expect(rule.byMonth).toEqual([3, 10]);
    expect(rule.byMonthDay).toEqual([-1, 31]);
  });

  test('reads the three forms of UNTIL', () => {
    expect(parseRule('FREQ=DAILY;UNTIL=20261231T235959Z').until).toEqual({
      kind: 'utc',
      epochMs: Date.UTC(2026, 11, 31, 23, 59, 59),
    });
    expect(parseRule('FREQ=DAILY;UNTIL=20261231T190000').until).toEqual({
      kind: 'local',
      local: '2026-12-31T19:00:00',
    });
    expect(parseRule('FREQ=DAILY;UNTIL=20240229').until).toEqual({
      kind: 'date',
      date: '2024-02-29',
    });
  });

  test.each([
    ['', 'The rule is empty: start with FREQ, e.g. FREQ=WEEKLY;BYDAY=TU', 'FREQ'],
    ['RRULE:', 'The rule is empty: start with FREQ, e.g. FREQ=WEEKLY;BYDAY=TU', 'FREQ'],
    ['INTERVAL=2', 'FREQ is required: DAILY, WEEKLY, MONTHLY or YEARLY', 'FREQ'],
    ['FREQ=HOURLY', 'FREQ=HOURLY is not supported: use DAILY, WEEKLY, MONTHLY or YEARLY', 'FREQ'],
    ['FREQ=FORTNIGHTLY', 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY (got FORTNIGHTLY)', 'FREQ'],
    [
      'FREQ=DAILY;BYHOUR=19',
      'BYHOUR is not supported: the time of day comes from the start time; make one recurrence per time',
      'BYHOUR',
    ],
    [
      'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1',
      'BYSETPOS is not supported: use a BYDAY position instead, e.g. BYDAY=-1FR for the last Friday',
      'BYSETPOS',
    ],
    [
      'FREQ=DAILY;COLOR=RED',
      'COLOR is not a rule part: use FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT, UNTIL or WKST',
      'COLOR',
    ],
    ['FREQ=DAILY;WEEKLY', '"WEEKLY" is not a rule part: write NAME=VALUE, e.g. FREQ=WEEKLY', null],
    ['FREQ=DAILY;FREQ=WEEKLY', 'FREQ appears more than once', 'FREQ'],
    ['FREQ=DAILY;COUNT=', 'COUNT has no value', 'COUNT'],
    ['FREQ=WEEKLY;INTERVAL=0', 'INTERVAL must be a whole number from 1 to 999', 'INTERVAL'],
    ['FREQ=WEEKLY;INTERVAL=1000', 'INTERVAL must be a whole number from 1 to 999', 'INTERVAL'],
    ['FREQ=WEEKLY;INTERVAL=1.5', 'INTERVAL must be a whole number from 1 to 999', 'INTERVAL'],
    ['FREQ=WEEKLY;INTERVAL=-2', 'INTERVAL must be a whole number from 1 to 999', 'INTERVAL'],
    ['FREQ=DAILY;COUNT=0', 'COUNT must be a whole number from 1 to 10000', 'COUNT'],
    [
      'FREQ=DAILY;COUNT=3;UNTIL=20261231',
      'COUNT and UNTIL cannot be used together: choose one',
      'COUNT',
    ],
    [
      'FREQ=WEEKLY;BYDAY=FRI',
      'BYDAY value "FRI" is not a weekday: use MO, TU, WE, TH, FR, SA or SU, optionally with a position such as 2FR or -1TU',
      'BYDAY',
    ],
    [
      'FREQ=WEEKLY;BYDAY=2FR',
      'BYDAY positions such as 2FR need FREQ=MONTHLY or FREQ=YEARLY',
      'BYDAY',
    ],
    [
      'FREQ=MONTHLY;BYDAY=6FR',
      'BYDAY position in 6FR must be from 1 to 5 or -1 to -5: a month has at most five of each weekday',
      'BYDAY',
    ],
    [
      'FREQ=MONTHLY;BYDAY=0FR',
      'BYDAY position in 0FR must be from 1 to 5 or -1 to -5: a month has at most five of each weekday',
      'BYDAY',
    ],
    ['FREQ=YEARLY;BYDAY=54MO', 'BYDAY position in 54MO must be from 1 to 53 or -1 to -53', 'BYDAY'],
    [
      'FREQ=MONTHLY;BYMONTHDAY=32',
      'BYMONTHDAY values must be day numbers from 1 to 31, or -1 (the last day) to -31 (got 32)',
      'BYMONTHDAY',
    ],
    [
      'FREQ=MONTHLY;BYMONTHDAY=0',
      'BYMONTHDAY values must be day numbers from 1 to 31, or -1 (the last day) to -31 (got 0)',
      'BYMONTHDAY',
    ],
    [
      'FREQ=WEEKLY;BYMONTHDAY=1',
      'BYMONTHDAY cannot be used with FREQ=WEEKLY: use MONTHLY',
      'BYMONTHDAY',
    ],
    [
      'FREQ=YEARLY;BYMONTH=13',
      'BYMONTH values must be month numbers from 1 to 12 (got 13)',
      'BYMONTH',
    ],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 'BYMONTHDAY=30 never falls in BYMONTH=2', 'BYMONTHDAY'],
    ['FREQ=DAILY;WKST=XX', 'WKST must be a weekday: MO, TU, WE, TH, FR, SA or SU (got XX)', 'WKST'],
    [
      'FREQ=DAILY;UNTIL=20260230',
      'UNTIL must be a date like 20271231 or a date and time like 20271231T235959Z (got 20260230)',
      'UNTIL',
    ],
    [
      'FREQ=DAILY;UNTIL=2026-12-31',
      'UNTIL must be a date like 20271231 or a date and time like 20271231T235959Z (got 2026-12-31)',
      'UNTIL',
    ],
    [
      'FREQ=DAILY\nEXDATE:20260101T190000',
      'Write the rule on one line: the start time is set separately, and DTSTART or EXDATE lines are not supported',
      null,
    ],
  ])('%j → %s', (text, message, part) => {
    expect(ruleError(text)).toBe(message);
    try {
      parseRule(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RecurrenceRuleError);
      expect((error as RecurrenceRuleError).part).toBe(part);
    }
  });

  test('ruleError is null for a valid rule', () => {
    expect(ruleError('FREQ=MONTHLY;BYDAY=-1TU')).toBeNull();
  });

  test('BYMONTH=2 with BYMONTHDAY=29 is allowed: it matches in leap years', () => {
    expect(ruleError('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29')).toBeNull();
  });
});

describe('formatRule', () => {
  test('writes parts in a fixed order and leaves out defaults', () => {
    expect(formatRule(parseRule('WKST=MO;BYDAY=-1tu;FREQ=MONTHLY;INTERVAL=1'))).toBe(
      'FREQ=MONTHLY;BYDAY=-1TU',
    );
    expect(
      formatRule(parseRule('RRULE:COUNT=5;BYMONTH=10;BYDAY=-1SU;FREQ=YEARLY;INTERVAL=2;WKST=SU')),
    ).toBe('FREQ=YEARLY;INTERVAL=2;BYMONTH=10;BYDAY=-1SU;WKST=SU;COUNT=5');
  });

  test.each([
    'FREQ=DAILY;UNTIL=20261231T235959Z',
    'FREQ=DAILY;UNTIL=20261231T190000',
    'FREQ=WEEKLY;UNTIL=20261231',
    'FREQ=MONTHLY;BYMONTHDAY=1,15,-1',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO',
  ])('round-trips %s', (text) => {
    expect(formatRule(parseRule(text))).toBe(text);
  });
});
