/**
 * Route rules (seed §2, §8): paths that redirect, to another app path or, when the rule says
 * so, to an external address. Script URLs (`javascript:`, `data:`, `vbscript:` …) are refused
 * whatever the rule says, and an external address needs the rule's permission.
 */
export interface RouteRule {
  /** The app path that redirects, e.g. `/login`. */
  path: string;
  /** An app path (`/auth/login`) or an absolute http(s) URL. */
  redirect: string;
  /** Required to leave the app; without it an external target is an error. */
  external?: boolean;
}

/** Airgrid's own rules: short and legacy paths people type or bookmark. */
export const routeRules: readonly RouteRule[] = [
  { path: '/login', redirect: '/auth/login' },
  { path: '/signup', redirect: '/auth/signup' },
  { path: '/waitlist', redirect: '/auth/waitlist' },
  { path: '/guide', redirect: '/tvguide' },
  { path: '/docs', redirect: '/api-docs' },
  {
    path: '/docs/sdk',
    redirect: 'https://github.com/pocketbase/js-sdk',
    external: true,
  },
];

export type RedirectTarget = { kind: 'app'; to: string } | { kind: 'external'; url: string };

export class RouteRuleError extends Error {}

const SAFE_EXTERNAL_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Where a rule sends a visitor who arrived with `search` and `hash`. App targets keep the
 * query and hash (so `/login?next=/shows` works); external targets are used as written.
 * Throws RouteRuleError for a script URL, any non-http(s) scheme, or an external target the
 * rule does not allow.
 */
export function resolveRedirect(rule: RouteRule, search = '', hash = ''): RedirectTarget {
  // Browsers ignore tabs, newlines and leading control characters in a scheme: so do we.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
  const target = rule.redirect.replace(/[\u0000-\u001f\u007f\s]+/g, '');
  if (target.startsWith('/') && !target.startsWith('//')) {
    const [path = '/', ownQuery] = splitQuery(target);
    const query = ownQuery ?? (search.startsWith('?') ? search.slice(1) : search);
    return { kind: 'app', to: `${path}${query ? `?${query}` : ''}${hash}` };
  }
  let url: URL;
  try {
    url = new URL(target.startsWith('//') ? `https:${target}` : target);
  } catch {
    throw new RouteRuleError(`Route rule for ${rule.path} has an invalid target: ${rule.redirect}`);
  }
  if (!SAFE_EXTERNAL_PROTOCOLS.has(url.protocol)) {
    throw new RouteRuleError(
      `Route rule for ${rule.path} was refused: ${url.protocol} URLs are never followed.`,
    );
  }
  if (!rule.external) {
    throw new RouteRuleError(
      `Navigating to an external URL (${url.href}) needs the route rule to allow it.`,
    );
  }
  return { kind: 'external', url: url.href };
}

function splitQuery(target: string): [string, string | undefined] {
  const index = target.indexOf('?');
  return index < 0 ? [target, undefined] : [target.slice(0, index), target.slice(index + 1)];
}
