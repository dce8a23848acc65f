/** Sign-in pages that use the auth layout and the light theme for signed-out visitors. */
const AUTH_PATHS: ReadonlySet<string> = new Set(['/auth/login', '/auth/signup', '/auth/waitlist']);

/** Drops one trailing slash so `/auth/login/` follows the same rules as `/auth/login`. */
function normalizePathname(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** True for the three sign-in pages. */
export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.has(normalizePathname(pathname));
}

/** True for any path containing `/watch` (the seed's rule, so `/channels/x/watch` counts too). */
export function isWatchPath(pathname: string): boolean {
  return pathname.includes('/watch');
}

/** True for embeddable widgets, which render without the app chrome. */
export function isEmbedPath(pathname: string): boolean {
  return pathname.startsWith('/embed/');
}
