import { describe, expect, it } from 'vitest';
import {
  accountColorMode,
  COLOR_MODES,
  DEFAULT_COLOR_MODE,
  isColorModePreference,
  withColorMode,
} from './color-mode';

describe('colour modes (seed §4)', () => {
  it('are light, dark and system, dark by default', () => {
    expect(COLOR_MODES.map((mode) => mode.value)).toEqual(['light', 'dark', 'system']);
    expect(DEFAULT_COLOR_MODE).toBe('dark');
    expect(isColorModePreference('system')).toBe(true);
    expect(isColorModePreference('auto')).toBe(false);
  });
});

describe('accountColorMode', () => {
  it('reads settings.theme when it is a colour mode', () => {
    expect(accountColorMode({ theme: 'light', clock: '12h' })).toBe('light');
    expect(accountColorMode({ theme: 'system' })).toBe('system');
  });

  it('gives null for missing or odd settings', () => {
    for (const settings of [null, undefined, '', [], {}, { theme: 'sepia' }, { theme: 1 }]) {
      expect(accountColorMode(settings), JSON.stringify(settings)).toBeNull();
    }
  });
});

describe('withColorMode', () => {
  it('sets the theme and keeps the other settings', () => {
    const settings = { theme: 'dark', localization: { clock: '24h' } };
    expect(withColorMode(settings, 'light')).toEqual({
      theme: 'light',
      localization: { clock: '24h' },
    });
    expect(settings.theme).toBe('dark');
  });

  it('starts fresh settings when there were none', () => {
    expect(withColorMode(null, 'system')).toEqual({ theme: 'system' });
    expect(withColorMode(['odd'], 'dark')).toEqual({ theme: 'dark' });
  });
});
