import { describe, expect, it } from 'vitest';
import { airingStartLabel, isDraftShow } from './draft-shows';

describe('isDraftShow', () => {
  it('reads draft, and no status at all, as a draft', () => {
    expect(isDraftShow('draft')).toBe(true);
    expect(isDraftShow('')).toBe(true);
    expect(isDraftShow(undefined)).toBe(true);
  });

  it('reads ready and archived shows as no drafts', () => {
    expect(isDraftShow('ready')).toBe(false);
    expect(isDraftShow('archived')).toBe(false);
  });
});

describe('airingStartLabel', () => {
  it('gives the weekday, the date and the time in the zone', () => {
    // 22:00 UTC on Thursday 12 March 2026 is 6:00 PM in New York (EDT).
    const instant = Date.parse('2026-03-12T22:00:00Z');
    expect(airingStartLabel(instant, 'America/New_York')).toBe('Thu, Mar 12 6:00 PM');
    expect(airingStartLabel(instant, 'America/New_York', '24h')).toBe('Thu, Mar 12 18:00');
  });

  it('takes the date of the zone, not of the browser', () => {
    // 02:00 UTC on Friday is still Thursday evening in New York.
    expect(airingStartLabel(Date.parse('2026-03-13T02:00:00Z'), 'America/New_York')).toBe(
      'Thu, Mar 12 10:00 PM',
    );
  });
});
