import { describe, expect, test } from 'vitest';
import { describeRule } from './describe.js';

describe('describeRule', () => {
  test.each([
    ['FREQ=DAILY', 'Daily'],
    ['FREQ=DAILY;INTERVAL=3', 'Every 3 days'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'Daily on weekdays'],
    ['FREQ=WEEKLY;BYDAY=SU,SA', 'Weekly on weekends'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', 'Every 2 weeks on Tuesday and Thursday'],
    ['FREQ=WEEKLY;BYDAY=FR,MO,WE', 'Weekly on Monday, Wednesday and Friday'],
    ['FREQ=WEEKLY;INTERVAL=8', 'Every 8 weeks'],
    ['FREQ=MONTHLY;BYDAY=2FR', 'Monthly on the second Friday'],
    ['FREQ=MONTHLY;BYDAY=-1TU', 'Monthly on the last Tuesday'],
    ['FREQ=MONTHLY;BYDAY=-2TU', 'Monthly on the second-to-last Tuesday'],
    [
      'FREQ=MONTHLY;BYDAY=3MO,1MO,-1FR',
      'Monthly on the first and third Monday and the last Friday',
    ],
    ['FREQ=MONTHLY;BYDAY=FR', 'Monthly on every Friday'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', 'Monthly on the 31st'],
    ['FREQ=MONTHLY;BYMONTHDAY=15,1', 'Monthly on the 1st and 15th'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Monthly on the last day'],
    [
      'FREQ=MONTHLY;BYMONTHDAY=1,-1,-2',
      'Monthly on the 1st, the last day and the second-to-last day',
    ],
    ['FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR', 'Monthly on the 13th when it is a Friday'],
    [
      'FREQ=MONTHLY;INTERVAL=3;BYDAY=1WE;BYMONTH=1,4',
      'Every 3 months on the first Wednesday in January and April',
    ],
    ['FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'Yearly on the last Sunday of October'],
    ['FREQ=YEARLY;BYDAY=20MO', 'Yearly on the 20th Monday of the year'],
    ['FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15', 'Yearly on March 15'],
    [
      'FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=1,15',
      'Yearly on the 1st and 15th of March and September',
    ],
    ['FREQ=YEARLY;BYMONTH=6', 'Yearly in June'],
    ['FREQ=DAILY;COUNT=1', 'Daily, once'],
    ['FREQ=WEEKLY;BYDAY=SA;COUNT=10', 'Weekly on Saturday, 10 times'],
    ['FREQ=DAILY;UNTIL=20270331', 'Daily, until March 31, 2027'],
    ['FREQ=DAILY;UNTIL=20270331T190000', 'Daily, until March 31, 2027'],
    ['FREQ=DAILY;UNTIL=20270401T035959Z', 'Daily, until April 1, 2027'],
  ])('%s → %s', (rule, text) => {
    expect(describeRule(rule)).toBe(text);
  });

  test('names the day the rule leaves to the start', () => {
    const startLocal = '2026-03-13T19:00'; // a Friday
    expect(describeRule('FREQ=WEEKLY;INTERVAL=8', { startLocal })).toBe('Every 8 weeks on Friday');
    expect(describeRule('FREQ=MONTHLY', { startLocal })).toBe('Monthly on the 13th');
    expect(describeRule('FREQ=YEARLY', { startLocal })).toBe('Yearly on March 13');
    expect(describeRule('FREQ=YEARLY;BYMONTH=6,12', { startLocal })).toBe(
      'Yearly on the 13th of June and December',
    );
  });

  test('shows a UTC UNTIL as the date in the recurrence zone', () => {
    const rule = 'FREQ=DAILY;UNTIL=20270401T035959Z';
    expect(describeRule(rule, { timeZone: 'America/New_York' })).toBe(
      'Daily, until March 31, 2027',
    );
  });

  test('uses 11th, 12th and 13th, and 21st, 22nd, 23rd', () => {
    expect(describeRule('FREQ=MONTHLY;BYMONTHDAY=11,12,13,21,22,23')).toBe(
      'Monthly on the 11th, 12th, 13th, 21st, 22nd and 23rd',
    );
  });
});
