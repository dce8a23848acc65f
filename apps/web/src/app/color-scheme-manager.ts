import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { CACHE_KEY, loadCache, saveToCache } from '../lib/client-cache';
import { type ColorModePreference, preferenceToSave, themeForPath } from './theme-for-path';

// The theme lives in the client cache (localStorage `cache`, seed §4) with the avatar,
// notifications and timeslots.

function currentPathname(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

/** The colour mode the user saved, or null when they never chose one (or storage is blocked). */
export function readSavedTheme(): ColorModePreference | null {
  try {
    return loadCache(window.localStorage).theme ?? null;
  } catch {
    console.warn('Failed to load theme from localStorage');
    return null;
  }
}

/** Saves the user's colour mode; pages that honour it pick it up on the next navigation. */
export function saveTheme(preference: ColorModePreference): void {
  saveToCache({ theme: preference });
}

/**
 * At sign-in, takes the account's colour mode (`settings.theme`) as this device's when the
 * device has none, and returns it; null when there is nothing to adopt. Done before leaving the
 * sign-in page, which stays up while the next page's code loads: adopted later (by the settings
 * modal), a device with no theme kept the sign-in page's light for a second or two before the
 * dashboard turned dark (docs/decisions/0034-departures-from-the-seed.md).
 */
export function adoptAccountTheme(settings: unknown): ColorModePreference | null {
  if (typeof settings !== 'object' || settings === null) return null;
  const theme = (settings as { theme?: unknown }).theme;
  if (theme !== 'light' && theme !== 'dark' && theme !== 'system') return null;
  if (readSavedTheme() !== null) return null;
  saveTheme(theme);
  return theme;
}

let onStorage: ((event: StorageEvent) => void) | undefined;

/**
 * Mantine's colour-scheme manager, made path-aware: the scheme it reports is the one the
 * current path shows (see `themeForPath`). It writes to storage only when a scheme other than
 * the one the path already shows is picked (see `preferenceToSave`): the path's own scheme,
 * applied on every navigation by ThemeByPath, and the watch pages' forced dark are never
 * saved as a preference.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: (defaultValue: MantineColorScheme) => {
    if (typeof window === 'undefined') return defaultValue;
    return themeForPath(currentPathname(), readSavedTheme()).scheme;
  },
  set: (value: MantineColorScheme) => {
    const preference = preferenceToSave(currentPathname(), readSavedTheme(), value);
    if (preference) saveTheme(preference);
  },
  subscribe: (onUpdate) => {
    // Another tab saved a theme: show it only where this path lets the saved theme apply.
    onStorage = (event) => {
      if (event.key !== CACHE_KEY) return;
      const saved = loadCache({
        getItem: () => event.newValue,
        setItem: () => {},
        removeItem: () => {},
      }).theme;
      onUpdate(themeForPath(currentPathname(), saved ?? null).scheme);
    };
    window.addEventListener('storage', onStorage);
  },
  unsubscribe: () => {
    if (onStorage) window.removeEventListener('storage', onStorage);
    onStorage = undefined;
  },
  clear: () => {
    saveToCache({ theme: undefined });
  },
};
