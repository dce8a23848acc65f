import { isAuthPath, isWatchPath } from './route-paths';

export type ColorScheme = 'light' | 'dark';

export interface PathTheme {
  scheme: ColorScheme;
  /** Whether the applied scheme may be written to the saved theme. */
  persist: boolean;
}

/**
 * The colour scheme a path shows, from the seed: watch pages are always dark and never
 * touch the saved theme; the sign-in pages use the saved theme, light when there is none;
 * every other page is dark. Other pages do not persist their dark default, so visiting them
 * never overwrites what the user chose.
 */
export function themeForPath(pathname: string, savedTheme: ColorScheme | null): PathTheme {
  if (isWatchPath(pathname)) return { scheme: 'dark', persist: false };
  if (isAuthPath(pathname)) return { scheme: savedTheme ?? 'light', persist: true };
  return { scheme: 'dark', persist: false };
}
