// Where sign-in sends a visitor back to: `?next=` on /auth/login. Only a path of this app is
// accepted, never another site (an open redirect would make the sign-in page a phishing aid).

/** The sign-in page's path, which is never a place to come back to. */
const SIGN_IN_PATH = '/auth/login';

/**
 * `next` as a same-origin app path (path, query and hash), or null when it is missing or is
 * not one: absolute URLs, protocol-relative `//host`, backslash tricks, control characters,
 * and the sign-in page itself are refused.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string') return null;
  const value = next.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const origin = 'http://app.invalid';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === SIGN_IN_PATH || url.pathname === `${SIGN_IN_PATH}/`) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that brings the visitor back to `path` (path, query and hash) afterwards. */
export function signInPathFor(path: string): string {
  const next = safeNextPath(path);
  return next && next !== '/' ? `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}` : SIGN_IN_PATH;
}

/**
 * Where a visitor goes once signed in (or signed up): back to `next` when they belong to an
 * organization, else to onboarding — keeping `next` when it is onboarding itself, so an invite
 * link (`/onboarding?invite=…`) followed by someone who had to sign in or sign up first still
 * joins them to the organization that invited them.
 */
export function destinationAfterSignIn(organization: unknown, next: string | null): string {
  const path = safeNextPath(next);
  if (!organization) return path?.startsWith('/onboarding') ? path : '/onboarding';
  return path ?? '/dashboard';
}

/** A link to another auth page (sign up, sign in) that keeps where the visitor is headed. */
export function withNext(page: string, next: string | null): string {
  const path = safeNextPath(next);
  return path ? `${page}?next=${encodeURIComponent(path)}` : page;
}
