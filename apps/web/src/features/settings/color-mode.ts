import { useMantineColorScheme } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { readSavedTheme, saveTheme } from '../../app/color-scheme-manager';
import { type ColorModePreference, themeForPath } from '../../app/theme-for-path';
import { messages } from '../../i18n/messages';

const t = messages();

// The colour mode preference (seed §4: light, dark or system). It is saved on the device,
// where the path-aware colour-scheme manager reads it (watch pages stay dark whatever it
// says), and in the account's `settings.theme`, so a new device can start from it.

export const COLOR_MODES: readonly { value: ColorModePreference; label: string }[] = [
  { value: 'light', label: t.settings.light },
  { value: 'dark', label: t.settings.dark },
  { value: 'system', label: t.settings.system },
];

/** The seed's default theme (§3 settings: theme dark), shown when nothing was chosen. */
export const DEFAULT_COLOR_MODE: ColorModePreference = 'dark';

export function isColorModePreference(value: unknown): value is ColorModePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

/** The colour mode saved in an account's settings, or null when there is none. */
export function accountColorMode(settings: unknown): ColorModePreference | null {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return null;
  const theme = (settings as Record<string, unknown>).theme;
  return isColorModePreference(theme) ? theme : null;
}

/** The account's settings with the colour mode set, keeping every other setting. */
export function withColorMode(
  settings: unknown,
  mode: ColorModePreference,
): Record<string, unknown> {
  const base =
    typeof settings === 'object' && settings !== null && !Array.isArray(settings)
      ? (settings as Record<string, unknown>)
      : {};
  return { ...base, theme: mode };
}

/**
 * The device's colour mode and a way to change it: saved, then applied at once where the
 * current path lets it apply.
 */
export function useColorMode() {
  const { pathname } = useLocation();
  const { setColorScheme } = useMantineColorScheme();
  const [preference, setPreference] = useState<ColorModePreference | null>(readSavedTheme);

  const choose = useCallback(
    (mode: ColorModePreference) => {
      saveTheme(mode);
      setPreference(mode);
      // Saved first, so the manager sees this as the path's own scheme and writes nothing.
      setColorScheme(themeForPath(pathname, mode).scheme);
    },
    [pathname, setColorScheme],
  );

  return { preference, choose };
}

/**
 * Starts a device that has no colour mode of its own from the account's, once signed in.
 * A device that has one keeps it: it was chosen there.
 */
export function useAccountColorMode(settings: unknown) {
  const { choose } = useColorMode();
  const accountMode = accountColorMode(settings);
  useEffect(() => {
    if (accountMode && readSavedTheme() === null) choose(accountMode);
  }, [accountMode, choose]);
}
