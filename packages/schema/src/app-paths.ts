// The web app's addresses, shared so the server knows them without a second list: it answers
// 404 for any other path (crawlers and link checkers read the status, not the page), and
// renders the pages viewers land on. The web app's route table (apps/web/src/app/routes.tsx)
// and route rules use these paths, and its tests prove they are exactly these.

/**
 * Every page of the web app and every short path its route rules redirect, as React Router
 * patterns (`:name` is one segment), in PRODUCT.md's order.
 */
export const APP_PATHS = [
  '/',
  '/auth/login',
  '/auth/signup',
  '/auth/waitlist',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/verify-email',
  '/auth/confirm-email-change',
  '/onboarding',
  '/dashboard',
  '/channels',
  '/channels/:channel',
  '/shows',
  '/shows/submissions',
  '/shows/:show',
  '/timeslots',
  '/tvguide',
  '/watch',
  '/watch/:channel',
  '/multiview',
  '/o/:org',
  '/o/:org/tvguide',
  '/o/:org/watch',
  '/o/:org/watch/:channel',
  '/o/:org/podcasts/:podcast',
  '/o/:org/multiview',
  '/o/:org/submission',
  '/embeds',
  '/ads',
  '/campaigns',
  '/campaigns/:campaign',
  '/captions',
  '/captions/:track',
  '/podcasts',
  '/podcasts/:podcast',
  '/analytics',
  '/members',
  '/members/:member',
  '/organization',
  '/equipment',
  '/integrations',
  '/submission',
  '/submission/status/:token',
  '/api-docs',
  '/api-docs/:endpoint',
  '/profile',
  '/settings',
  '/settings/:section',
  '/archive/organization',
  '/archive/settings',
  '/privacy',
  '/terms',
  '/operator',
  '/operator/login',
  '/debug/playground',
  '/debug/static',
  '/views/BasicChartView',
  // The route rules' short and legacy paths.
  '/login',
  '/signup',
  '/waitlist',
  '/guide',
  '/docs',
  '/docs/sdk',
] as const;

export type AppPath = (typeof APP_PATHS)[number];

/**
 * The pages the server renders (docs/decisions/0023-server-rendered-public-pages.md): the ones
 * viewers land on from a link or a search, where the first paint counts most.
 */
export const SERVER_RENDERED_PATHS = [
  '/',
  '/tvguide',
  '/watch',
  '/watch/:channel',
  '/o/:org/tvguide',
  '/o/:org/watch',
  '/o/:org/watch/:channel',
  // The API reference's list of endpoints (decision 0042): linked from outside, read on phones.
  '/api-docs',
] as const satisfies readonly AppPath[];

/** A record id: 15 characters of [a-z0-9] (RECORD_ID_LENGTH). */
const RECORD_ID = /^[a-z0-9]{15}$/;

/**
 * What a parameter may look like. A path whose parameter has another shape names nothing and
 * is a 404; a well-shaped one that names no record is the page's to say (the server cannot
 * know: a member may see a channel a guest cannot).
 */
const PARAMETER_SHAPES: Readonly<Record<string, RegExp>> = {
  show: RECORD_ID,
  member: RECORD_ID,
  track: RECORD_ID,
  campaign: RECORD_ID,
  // A submission's status token: 24 random bytes, base64url.
  token: /^[A-Za-z0-9_-]{16,128}$/,
};

/** Any other parameter: a slug or a record id (which has a slug's shape). */
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const NAME_MAX_LENGTH = 64;

function parameterFits(name: string, value: string): boolean {
  const shape = PARAMETER_SHAPES[name];
  if (shape) return shape.test(value);
  return value.length <= NAME_MAX_LENGTH && NAME.test(value);
}

/**
 * Whether `pathname` (as requested, percent-encoded) matches `pattern` as React Router matches
 * it: static segments in any case, one trailing slash ignored, and each parameter (decoded) of
 * the shape its name says.
 */
export function matchesAppPath(pattern: string, pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const wanted = pattern.split('/');
  const given = trimmed.split('/');
  if (wanted.length !== given.length) return false;
  return wanted.every((segment, index) => {
    const value = given[index] ?? '';
    if (!segment.startsWith(':')) return segment.toLowerCase() === value.toLowerCase();
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return false;
    }
    return parameterFits(segment.slice(1), decoded);
  });
}

/** True for a path the web app has a page (or a redirect) for. */
export function isAppPath(pathname: string): boolean {
  return APP_PATHS.some((pattern) => matchesAppPath(pattern, pathname));
}
