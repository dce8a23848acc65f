import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { type ColorScheme, themeForPath } from './theme-for-path';

const STORAGE_KEY = 'airgrid-color-scheme';

function isColorScheme(value: unknown): value is ColorScheme {
  return value === 'light' || value === 'dark';
}

function currentPathname(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

/** The theme the user saved, or null when they never chose one (or storage is blocked). */
export function readSavedTheme(): ColorScheme | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isColorScheme(value) ? value : null;
  } catch {
    console.warn('Failed to load theme from localStorage');
    return null;
  }
}

/** Saves the user's theme choice; pages that honour it pick it up on the next navigation. */
export function saveTheme(scheme: ColorScheme): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, scheme);
  } catch {
    console.warn('Failed to save to localStorage');
  }
}

let onStorage: ((event: StorageEvent) => void) | undefined;

/**
 * Mantine's colour-scheme manager, made path-aware: the scheme it reports is the one the
 * current path shows (see `themeForPath`), and it only writes to storage on paths whose
 * scheme is the user's own (the sign-in pages), so forced schemes are never saved.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: (defaultValue: MantineColorScheme) => {
    if (typeof window === 'undefined') return defaultValue;
    return themeForPath(currentPathname(), readSavedTheme()).scheme;
  },
  set: (value: MantineColorScheme) => {
    if (!isColorScheme(value)) return;
    if (themeForPath(currentPathname(), value).persist) saveTheme(value);
  },
  subscribe: (onUpdate) => {
    // Another tab saved a theme: show it only where this path lets the saved theme apply.
    onStorage = (event) => {
      if (event.key !== STORAGE_KEY) return;
      const saved = isColorScheme(event.newValue) ? event.newValue : null;
      onUpdate(themeForPath(currentPathname(), saved).scheme);
    };
    window.addEventListener('storage', onStorage);
  },
  unsubscribe: () => {
    if (onStorage) window.removeEventListener('storage', onStorage);
    onStorage = undefined;
  },
  clear: () => {
    try {
      window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      console.warn('Failed to save to localStorage');
    }
  },
};
