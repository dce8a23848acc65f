import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptAccountTheme, readSavedTheme } from './color-scheme-manager';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('adopting the account’s colour mode at sign-in', () => {
  beforeEach(() => vi.stubGlobal('window', { localStorage: memoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it('takes the account’s mode on a device that has none', () => {
    expect(adoptAccountTheme({ theme: 'dark', clock: '12h' })).toBe('dark');
    expect(readSavedTheme()).toBe('dark');
  });

  it('keeps the mode chosen on this device', () => {
    vi.stubGlobal('window', {
      localStorage: memoryStorage({ cache: JSON.stringify({ theme: 'light' }) }),
    });
    expect(adoptAccountTheme({ theme: 'dark' })).toBeNull();
    expect(readSavedTheme()).toBe('light');
  });

  it('adopts nothing from an account without a valid mode', () => {
    for (const settings of [null, undefined, {}, { theme: 'purple' }, 'dark'])
      expect(adoptAccountTheme(settings)).toBeNull();
    expect(readSavedTheme()).toBeNull();
  });
});
