import { describe, expect, it } from 'vitest';
import {
  buildRule,
  describeRepeat,
  EMPTY_REPEAT,
  expandWindow,
  firstStart,
  type RepeatForm,
  scheduledMessage,
  weekdayOf,
} from './recurrence-form';

const form = (patch: Partial<RepeatForm>): RepeatForm => ({ ...EMPTY_REPEAT, ...patch });

describe('buildRule', () => {
  it('builds a weekly rule on the chosen days, in weekday order', () => {
    expect(buildRule(form({ days: ['FR', 'MO', 'WE'] }), '2026-03-09')).toEqual({
      ok: true,
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
    });
  });

  it('needs at least one day', () => {
    expect(buildRule(form({ days: [] }), '2026-03-09')).toEqual({
      ok: false,
      field: 'days',
      message: 'Choose at least one day.',
    });
  });

  it('builds every N weeks, refusing a bad N', () => {
    expect(buildRule(form({ kind: 'every-n-weeks', days: ['TU'], interval: 3 }), '')).toEqual({
      ok: true,
      rrule: 'FREQ=WEEKLY;INTERVAL=3;BYDAY=TU',
    });
    for (const interval of [0, 1.5, '', 1000]) {
      expect(buildRule(form({ kind: 'every-n-weeks', days: ['TU'], interval }), '')).toEqual({
        ok: false,
        field: 'interval',
        message: 'Must be a whole number of weeks from 1 to 999.',
      });
    }
  });

  it('builds monthly on the Nth or last weekday', () => {
    expect(buildRule(form({ kind: 'monthly', ordinal: 2, weekday: 'FR' }), '')).toEqual({
      ok: true,
      rrule: 'FREQ=MONTHLY;BYDAY=2FR',
    });
    expect(buildRule(form({ kind: 'monthly', ordinal: -1, weekday: 'TU' }), '')).toEqual({
      ok: true,
      rrule: 'FREQ=MONTHLY;BYDAY=-1TU',
    });
  });

  it('ends with a count or an until date', () => {
    expect(buildRule(form({ days: ['MO'], end: 'count', count: 6 }), '2026-03-09')).toEqual({
      ok: true,
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6',
    });
    expect(
      buildRule(form({ days: ['MO'], end: 'until', until: '2026-06-30' }), '2026-03-09'),
    ).toEqual({ ok: true, rrule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260630' });
    expect(buildRule(form({ days: ['MO'], end: 'count', count: 0 }), '')).toEqual({
      ok: false,
      field: 'count',
      message: 'Must be a whole number of airings from 1 to 10,000.',
    });
    expect(buildRule(form({ days: ['MO'], end: 'until', until: '' }), '')).toEqual({
      ok: false,
      field: 'until',
      message: 'Choose the last date it may air on.',
    });
    expect(
      buildRule(form({ days: ['MO'], end: 'until', until: '2026-03-01' }), '2026-03-09'),
    ).toEqual({ ok: false, field: 'until', message: 'Must be on or after the start date.' });
  });

  it('takes custom text as typed, prefix or not, with the domain’s message when wrong', () => {
    expect(
      buildRule(form({ kind: 'custom', custom: ' RRULE:FREQ=DAILY;INTERVAL=2 ' }), ''),
    ).toEqual({ ok: true, rrule: 'FREQ=DAILY;INTERVAL=2' });
    const wrong = buildRule(form({ kind: 'custom', custom: 'FREQ=HOURLY' }), '');
    expect(wrong.ok).toBe(false);
    expect(wrong.ok === false && wrong.field).toBe('custom');
    expect(wrong.ok === false && wrong.message).toMatch(/FREQ/);
    expect(buildRule(form({ kind: 'custom', custom: '  ' }), '')).toEqual({
      ok: false,
      field: 'custom',
      message: 'Type an RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE.',
    });
  });
});

describe('describeRepeat', () => {
  it('says the rule in English, or nothing while it cannot be built', () => {
    expect(describeRepeat(form({ days: ['TU', 'TH'] }), '2026-03-10T19:00', 'UTC')).toBe(
      'Weekly on Tuesday and Thursday',
    );
    expect(describeRepeat(form({ kind: 'monthly', ordinal: 2, weekday: 'FR' }), 'T', 'UTC')).toBe(
      'Monthly on the second Friday',
    );
    expect(describeRepeat(form({ days: [] }), '2026-03-10T19:00', 'UTC')).toBeNull();
  });
});

describe('expandWindow', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('covers the next 8 weeks', () => {
    expect(expandWindow(Date.parse('2026-03-12T19:00:00Z'), now)).toEqual({
      from: '2026-03-10T12:00:00.000Z',
      to: '2026-05-07T19:00:00.000Z',
    });
  });

  it('reaches back to a first airing earlier today', () => {
    expect(expandWindow(Date.parse('2026-03-10T09:00:00Z'), now)).toEqual({
      from: '2026-03-10T09:00:00.000Z',
      to: '2026-05-05T12:00:00.000Z',
    });
  });
});

describe('helpers', () => {
  it('reads the first airing on the channel’s clock', () => {
    expect(firstStart('2026-03-10', '19:00', 'America/New_York')).toBe(
      Date.parse('2026-03-10T23:00:00Z'),
    );
    expect(firstStart('', '19:00', 'UTC')).toBeNull();
  });

  it('counts airings and names weekdays', () => {
    expect(scheduledMessage(1)).toBe('Scheduled 1 airing');
    expect(scheduledMessage(8)).toBe('Scheduled 8 airings');
    expect(weekdayOf('2026-03-10')).toBe('TU');
    expect(weekdayOf('2026-03-15')).toBe('SU');
  });
});
