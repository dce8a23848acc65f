import { describe, expect, it } from 'vitest';
import {
  checkReportDays,
  dayRangeInstants,
  daysIn,
  periodChange,
  presetDays,
  previousDays,
  previousRange,
} from './report-range.js';

describe('report periods', () => {
  it('reads each preset from the station’s today', () => {
    expect(presetDays('last-7-days', '2026-03-10')).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
    });
    expect(presetDays('last-30-days', '2026-03-10')).toEqual({
      from: '2026-02-09',
      to: '2026-03-10',
    });
    expect(presetDays('this-month', '2026-03-10')).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
    });
    expect(presetDays('last-month', '2026-03-10')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(presetDays('last-month', '2026-01-15')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(presetDays('last-month', '2024-03-31')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(presetDays('custom', '2026-03-10')).toBeUndefined();
  });

  it('compares with the same number of days just before', () => {
    expect(daysIn({ from: '2026-03-04', to: '2026-03-10' })).toBe(7);
    expect(previousDays({ from: '2026-03-04', to: '2026-03-10' })).toEqual({
      from: '2026-02-25',
      to: '2026-03-03',
    });
    // A month of 31 days is compared with the 31 days before it, not with the month before.
    expect(previousDays({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
    expect(previousRange({ from: 1000, to: 1600 })).toEqual({ from: 400, to: 1000 });
  });

  it('turns days into instants on the station’s clock, a DST day 23 hours long', () => {
    // 8 March 2026: New York springs forward.
    const range = dayRangeInstants({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(new Date(range.from).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect((range.to - range.from) / 3_600_000).toBe(23);
  });

  it('names what is wrong with a period', () => {
    expect(checkReportDays({ from: '2026-03-01', to: '2026-03-31' })).toBeNull();
    expect(checkReportDays({ from: '2026-02-30', to: '2026-03-31' })).toBe('from');
    expect(checkReportDays({ from: '2026-03-01', to: 'soon' })).toBe('to');
    expect(checkReportDays({ from: '2026-03-02', to: '2026-03-01' })).toBe('order');
    expect(checkReportDays({ from: '2025-01-01', to: '2026-02-04' })).toBeNull();
    expect(checkReportDays({ from: '2025-01-01', to: '2026-02-05' })).toBe('length');
  });

  it('says how a number moved', () => {
    expect(periodChange(15, 10)).toEqual({
      current: 15,
      previous: 10,
      difference: 5,
      ratio: 0.5,
      direction: 'up',
    });
    expect(periodChange(5, 10)).toMatchObject({ difference: -5, ratio: -0.5, direction: 'down' });
    expect(periodChange(3, 0)).toMatchObject({ ratio: null, direction: 'up' });
    expect(periodChange(0.3, 0.3)).toMatchObject({ difference: 0, ratio: 0, direction: 'same' });
    expect(periodChange(0, 0)).toMatchObject({ ratio: null, direction: 'same' });
  });
});
