import { describe, expect, it } from 'vitest';
import { datetimeMacro } from './filter-macros.js';

// Tuesday 2026-03-10 14:05:09.250 UTC
const now = Date.UTC(2026, 2, 10, 14, 5, 9, 250);

describe('datetime macros', () => {
  it('give UTC datetimes in the record format', () => {
    expect(datetimeMacro('@now', now)).toBe('2026-03-10 14:05:09.250Z');
    expect(datetimeMacro('@yesterday', now)).toBe('2026-03-09 14:05:09.250Z');
    expect(datetimeMacro('@tomorrow', now)).toBe('2026-03-11 14:05:09.250Z');
    expect(datetimeMacro('@todayStart', now)).toBe('2026-03-10 00:00:00.000Z');
    expect(datetimeMacro('@todayEnd', now)).toBe('2026-03-10 23:59:59.999Z');
    expect(datetimeMacro('@monthStart', now)).toBe('2026-03-01 00:00:00.000Z');
    expect(datetimeMacro('@monthEnd', now)).toBe('2026-03-31 23:59:59.999Z');
    expect(datetimeMacro('@yearStart', now)).toBe('2026-01-01 00:00:00.000Z');
    expect(datetimeMacro('@yearEnd', now)).toBe('2026-12-31 23:59:59.999Z');
  });

  it('give numbers for the parts of now', () => {
    expect(datetimeMacro('@second', now)).toBe(9);
    expect(datetimeMacro('@minute', now)).toBe(5);
    expect(datetimeMacro('@hour', now)).toBe(14);
    expect(datetimeMacro('@day', now)).toBe(10);
    expect(datetimeMacro('@month', now)).toBe(3);
    expect(datetimeMacro('@weekday', now)).toBe(2);
    expect(datetimeMacro('@year', now)).toBe(2026);
  });

  it('end February on the 28th or the 29th', () => {
    expect(datetimeMacro('@monthEnd', Date.UTC(2028, 1, 3))).toBe('2028-02-29 23:59:59.999Z');
    expect(datetimeMacro('@monthEnd', Date.UTC(2027, 1, 3))).toBe('2027-02-28 23:59:59.999Z');
  });

  it('leave other names alone', () => {
    expect(datetimeMacro('@request.auth.id', now)).toBeUndefined();
  });
});
