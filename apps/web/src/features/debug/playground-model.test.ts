import { checkRules } from '@airgrid/domain';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_NAMES, PRECISIONS } from '../../ui/timeline';
import {
  PLAYGROUND_SECTIONS,
  playgroundSchedule,
  precisionParam,
  ruleFields,
  SAMPLE_DAY,
  SAMPLE_NOW,
  schemeParam,
  sectionParam,
} from './playground-model';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the playground address', () => {
  it('reads a section, scheme and precision, and falls back for anything else', () => {
    expect(sectionParam('timeline')).toBe('timeline');
    expect(sectionParam('nope')).toBeNull();
    expect(sectionParam(null)).toBeNull();
    expect(schemeParam('material-blue')).toBe('material-blue');
    expect(schemeParam('toString')).toBe('default');
    expect(schemeParam(null)).toBe('default');
    expect(precisionParam('month')).toBe('month');
    expect(precisionParam('year')).toBe('hour');
  });

  it('addresses each of the 11 schemes and 5 precisions', () => {
    expect(COLOR_SCHEME_NAMES).toHaveLength(11);
    expect(COLOR_SCHEME_NAMES.map(schemeParam)).toEqual([...COLOR_SCHEME_NAMES]);
    expect(PRECISIONS.map(precisionParam)).toEqual([...PRECISIONS]);
    expect(new Set(PLAYGROUND_SECTIONS).size).toBe(PLAYGROUND_SECTIONS.length);
  });
});

describe('playgroundSchedule', () => {
  it('starts on the fixed Monday, whatever the date today, with "now" inside the first day', () => {
    expect(new Date(SAMPLE_DAY).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(new Date(SAMPLE_DAY).getUTCDay()).toBe(1);
    expect(SAMPLE_NOW - SAMPLE_DAY).toBe(14.5 * HOUR);
  });

  it('spans the window of each precision: a day from 06:00, a week, two, five, a quarter', () => {
    const spans = Object.fromEntries(
      PRECISIONS.map((precision) => {
        const { from, to } = playgroundSchedule(precision);
        return [precision, [(from - SAMPLE_DAY) / HOUR, (to - from) / DAY]];
      }),
    );
    expect(spans).toEqual({
      hour: [6, 0.75],
      day: [0, 7],
      date: [0, 14],
      week: [0, 35],
      month: [0, 92],
    });
    // June, July and August: the quarter ends on 1 September.
    expect(new Date(playgroundSchedule('month').to).toISOString()).toBe('2026-09-01T00:00:00.000Z');
  });

  it('is the same on every call, with one cancelled bar beside the locked one', () => {
    const week = playgroundSchedule('day');
    expect(playgroundSchedule('day')).toEqual(week);
    expect(week.rows.map((row) => row.id)).toEqual(['ch1', 'ch2', 'ch3']);
    const cancelled = week.bars.filter((bar) => bar.cancelled);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ rowId: 'ch2', status: 'Cancelled' });
    expect(cancelled[0]?.start).toBeGreaterThanOrEqual(SAMPLE_DAY + 20 * HOUR);
    expect(week.bars.filter((bar) => bar.locked).map((bar) => bar.id)).toEqual(['noon-bulletin']);
  });
});

describe('ruleFields', () => {
  it('has a field for each of the seed rules, each with a value its rule refuses', () => {
    const fields = ruleFields();
    expect(fields.map(({ rules }) => rules.split(':')[0])).toEqual([
      'required',
      'min',
      'max',
      'email',
      'same',
      'phone',
      'zipcode',
      'numeric',
      'ein',
      'url',
      'routing',
      'lowercase',
      'cablecast',
    ]);
    const values = Object.fromEntries(
      fields.map(({ field }) => [field.name, String(field.value ?? '')]),
    );
    for (const { field, rules } of fields) {
      const failure = checkRules(values[field.name] ?? '', rules, field.label, values);
      expect(failure?.rule, `${rules} refuses ${JSON.stringify(values[field.name])}`).toBe(
        rules.split(':')[0],
      );
    }
  });

  it('shows the rules’ own messages, naming the field by its label', () => {
    const fields = ruleFields();
    const values = Object.fromEntries(
      fields.map(({ field }) => [field.name, String(field.value ?? '')]),
    );
    const message = (rule: string) => {
      const found = fields.find(({ rules }) => rules.startsWith(rule));
      if (!found) throw new Error(`no ${rule} field`);
      return checkRules(values[found.field.name] ?? '', found.rules, found.field.label, values)
        ?.message;
    };
    expect(message('required')).toBe('The Name field is required.');
    expect(message('min')).toBe('The Nickname field must be at least 3 characters.');
    expect(message('same')).toBe('email must match');
    expect(message('phone')).toBe('phone_number is invalid');
  });
});
