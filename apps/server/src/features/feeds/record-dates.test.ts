import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRecordDate, parseRecordDate } from '../../public-reads/guide-repository.js';

// The guide repository's fast stored-date codec, which every feed runs 100,000 times, against
// the domain's general one.

const YEAR_10000 = 253_402_300_800_000;

describe('formatRecordDate and parseRecordDate', () => {
  it('write and read what toRecordDate and fromRecordDate do', () => {
    expect(formatRecordDate(Date.parse('2026-11-01T06:30:00.250Z'))).toBe(
      '2026-11-01 06:30:00.250Z',
    );
    expect(parseRecordDate('2026-11-01 06:30:00.250Z')).toBe(
      Date.parse('2026-11-01T06:30:00.250Z'),
    );
    expect(formatRecordDate(0)).toBe('1970-01-01 00:00:00.000Z');
    expect(formatRecordDate(-1)).toBe(toRecordDate(-1));
    expect(formatRecordDate(YEAR_10000)).toBe(toRecordDate(YEAR_10000));
    expect(parseRecordDate('2026-11-01T06:30:00Z')).toBe(Date.parse('2026-11-01T06:30:00Z'));
    expect(parseRecordDate('')).toBe(0);
  });

  it('agree with the domain for any instant, in any order (the day cache)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: (-10 * YEAR_10000) / 100, max: YEAR_10000 + 1e12 }), {
          minLength: 1,
          maxLength: 20,
        }),
        (instants) => {
          for (const instant of instants) {
            expect(formatRecordDate(instant)).toBe(toRecordDate(instant));
            const text = toRecordDate(instant);
            expect(parseRecordDate(text)).toBe(fromRecordDate(text) ?? 0);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('agree on runs of instants within one day, as a schedule gives them', () => {
    const start = Date.parse('2026-12-31T20:00:00Z');
    for (let instant = start; instant < start + 8 * 3_600_000; instant += 450_001) {
      expect(formatRecordDate(instant)).toBe(toRecordDate(instant));
    }
  });
});
