import type { AreaId } from './app-route';

/**
 * Who may open a page: `public` pages work signed out (PRODUCT.md: the landing page, sign-in,
 * the guide, watch, multiview, the submission form, the API docs, the policies); `members`
 * pages send a signed-out visitor to sign in and back; `debug` pages exist only for superusers
 * and in development builds (everyone else gets the not-found page); `superusers` pages (the
 * operator console) send a signed-out visitor to the operator sign-in and are the not-found
 * page for every other account.
 */
export type RouteAccess = 'public' | 'members' | 'debug' | 'superusers';

const PUBLIC_AREAS: ReadonlySet<AreaId> = new Set<AreaId>([
  'landing',
  'auth',
  'tvguide',
  'watch',
  'multiview',
  'listen',
  'submission',
  'api-docs',
  'legal',
]);

export function accessForArea(area: AreaId): RouteAccess {
  if (area === 'debug') return 'debug';
  if (area === 'operator') return 'superusers';
  return PUBLIC_AREAS.has(area) ? 'public' : 'members';
}

/** Whether the signed-in record is a superuser (the `_superusers` auth collection). */
export function isSuperuser(user: unknown): boolean {
  return (
    typeof user === 'object' &&
    user !== null &&
    (user as { collectionName?: unknown }).collectionName === '_superusers'
  );
}

/** Whether the debug pages show: in a development build, or to a signed-in superuser. */
export function mayOpenDebugPages(isDevelopmentBuild: boolean, user: unknown): boolean {
  return isDevelopmentBuild || isSuperuser(user);
}
