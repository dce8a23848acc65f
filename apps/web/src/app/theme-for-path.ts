import { isAuthPath, isWatchPath } from './route-paths';

type ColorScheme = 'light' | 'dark';

/** The user's colour mode preference (seed §4): a scheme, or follow the system. */
export type ColorModePreference = ColorScheme | 'system';

/** What Mantine applies: a scheme, or `auto` (Mantine's name for following the system). */
export type AppliedColorScheme = ColorScheme | 'auto';

export interface PathTheme {
  scheme: AppliedColorScheme;
  /** Whether a scheme the user picks on this path may be saved as their preference. */
  persist: boolean;
}

/** The Mantine scheme that carries out a preference. */
export function schemeForPreference(preference: ColorModePreference): AppliedColorScheme {
  return preference === 'system' ? 'auto' : preference;
}

/**
 * The colour scheme a path shows, from the seed: watch pages are always dark and never touch
 * the saved preference; the sign-in pages use the saved preference, light when there is none;
 * every other page uses it too, dark when there is none (the seed's default theme). A
 * preference comes only from the user (the Settings modal), never from a path's default.
 */
export function themeForPath(pathname: string, preference: ColorModePreference | null): PathTheme {
  if (isWatchPath(pathname)) return { scheme: 'dark', persist: false };
  const chosen = preference === null ? null : schemeForPreference(preference);
  if (isAuthPath(pathname)) return { scheme: chosen ?? 'light', persist: true };
  return { scheme: chosen ?? 'dark', persist: true };
}

/**
 * The preference to save when a scheme is applied on a path, or null to save nothing: the
 * scheme the path already shows is being re-applied (on every navigation), not chosen, and on
 * watch pages nothing is ever saved.
 */
export function preferenceToSave(
  pathname: string,
  saved: ColorModePreference | null,
  picked: AppliedColorScheme,
): ColorModePreference | null {
  const pathTheme = themeForPath(pathname, saved);
  if (!pathTheme.persist || picked === pathTheme.scheme) return null;
  return picked === 'auto' ? 'system' : picked;
}
