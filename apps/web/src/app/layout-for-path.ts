import { isAuthPath, isEmbedPath, isWatchPath } from './route-paths';

export type LayoutName =
  | 'bare'
  | 'auth'
  | 'onboarding'
  | 'watch'
  | 'public'
  | 'default'
  | 'operator';

/**
 * Which layout a path renders in. The rules come from the seed and apply in order:
 * embeds are bare; the operator console has its own (no station, no workspace); the sign-in pages use the auth layout while signed out; any `/watch` path
 * uses the watch layout; paths containing `/onboarding` or `/auth` use the onboarding layout;
 * everything else uses the default layout (the workspace) when signed in, and the public
 * layout (viewer navigation only, never the staff sidebar) when signed out.
 */
export function layoutForPath(pathname: string, isSignedIn: boolean): LayoutName {
  if (isEmbedPath(pathname)) return 'bare';
  if (pathname === '/operator' || pathname.startsWith('/operator/')) return 'operator';
  if (!isSignedIn && isAuthPath(pathname)) return 'auth';
  if (isWatchPath(pathname)) return 'watch';
  if (pathname.includes('/onboarding') || pathname.includes('/auth')) return 'onboarding';
  return isSignedIn ? 'default' : 'public';
}
