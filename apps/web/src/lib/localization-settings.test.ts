import { describe, expect, it } from 'vitest';
import { clockSetting, currencySetting, languageSetting } from './localization-settings';

describe('clockSetting', () => {
  it('is 24-hour only when the user chose it', () => {
    expect(clockSetting({ settings: { localization: { clock: '24h' } } })).toBe('24h');
    expect(clockSetting({ settings: { localization: { clock: '12h' } } })).toBe('12h');
  });

  it.each([
    ['no user', null],
    ['no settings', {}],
    ['settings not an object', { settings: 'x' }],
    ['no localization', { settings: {} }],
    ['localization null', { settings: { localization: null } }],
    ['an unknown clock', { settings: { localization: { clock: '25h' } } }],
  ])('falls back to 12-hour with %s', (_case, user) => {
    expect(clockSetting(user)).toBe('12h');
  });
});

describe('languageSetting', () => {
  it('is the language the user chose, English without one', () => {
    expect(languageSetting({ settings: { localization: { language: 'en' } } })).toBe('en');
    expect(languageSetting({ settings: { localization: { language: 'es' } } })).toBe('es');
    expect(languageSetting({ settings: { localization: {} } })).toBe('en');
    expect(languageSetting(null)).toBe('en');
  });
});

describe('currencySetting', () => {
  it('is the currency the user chose, US dollars without one', () => {
    expect(currencySetting({ settings: { localization: { currency: 'CAD' } } })).toBe('CAD');
    expect(currencySetting({ settings: { localization: { currency: 'dollars' } } })).toBe('USD');
    expect(currencySetting({ settings: {} })).toBe('USD');
    expect(currencySetting(null)).toBe('USD');
  });
});
