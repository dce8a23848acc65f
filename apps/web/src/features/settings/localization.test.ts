import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALIZATION,
  formatMoney,
  readLocalization,
  withLocalization,
} from './localization';

describe('localization settings', () => {
  it('defaults to the seed’s: English, imperial, 12-hour, USD', () => {
    expect(readLocalization(undefined)).toEqual(DEFAULT_LOCALIZATION);
    expect(readLocalization({})).toEqual(DEFAULT_LOCALIZATION);
    expect(readLocalization({ localization: 'nonsense' })).toEqual(DEFAULT_LOCALIZATION);
  });

  it('keeps what it knows and defaults what it does not', () => {
    expect(
      readLocalization({ localization: { clock: '24h', units: 'metric', currency: 'XXX' } }),
    ).toEqual({ language: 'en', clock: '24h', units: 'metric', currency: 'USD' });
  });

  it('writes the localization without touching other settings', () => {
    const next = withLocalization({ theme: 'light' }, { ...DEFAULT_LOCALIZATION, clock: '24h' });
    expect(next).toEqual({
      theme: 'light',
      localization: { ...DEFAULT_LOCALIZATION, clock: '24h' },
    });
    expect(withLocalization(null, DEFAULT_LOCALIZATION)).toEqual({
      localization: DEFAULT_LOCALIZATION,
    });
  });

  it('formats money in the user’s currency', () => {
    expect(formatMoney(1234.5, { currency: 'USD' })).toBe('$1,234.50');
    expect(formatMoney(20, { currency: 'EUR' })).toBe('€20.00');
  });
});
