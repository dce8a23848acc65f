import { EMBED_ORIGIN_PATTERN } from '@airgrid/schema';

// Which websites may show a widget: the embed's allowedOrigins, checked when saved and turned
// into the CSP `frame-ancestors` directive of /embed/:id. Every origin that reaches a header went
// through parseOrigin, so no stored value can add a directive or a header of its own.

const ORIGIN = new RegExp(EMBED_ORIGIN_PATTERN, 'i');

/** The most origins one embed lists; a header has to stay a reasonable size. */
export const MAX_ALLOWED_ORIGINS = 50;

/** How an origin should be written, for messages. */
const HOW = 'write it as https://host or https://host:port, with no path';

export type OriginsResult = { ok: true; origins: string[] } | { ok: false; message: string };

/**
 * One origin as stored: trimmed, lower-case, without a lone trailing slash (people paste
 * "https://www.example.org/"), or null when it is not `http(s)://host[:port]` with a port in
 * 1–65535.
 */
export function parseOrigin(text: string): string | null {
  const origin = text.trim().replace(/\/$/, '').toLowerCase();
  if (!ORIGIN.test(origin)) return null;
  const port = /:(\d+)$/.exec(origin)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return null;
  return origin;
}

/**
 * Checks an embed's allowedOrigins: a list of origins (null or missing is an empty list). Gives
 * them normalized and without repeats, or a message that quotes the first wrong one.
 */
export function parseAllowedOrigins(value: unknown): OriginsResult {
  if (value === null || value === undefined || value === '') return { ok: true, origins: [] };
  if (!Array.isArray(value)) {
    return {
      ok: false,
      message: 'Allowed origins must be a list, e.g. ["https://www.example.org"].',
    };
  }
  const origins: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') {
      return { ok: false, message: `${JSON.stringify(item)} is not an origin: ${HOW}.` };
    }
    if (item.trim() === '') continue;
    const origin = parseOrigin(item);
    if (origin === null) {
      const shown = item.trim().length > 200 ? `${item.trim().slice(0, 200)}…` : item.trim();
      const hint = /^https?:\/\/[^/]+\/./i.test(item.trim())
        ? 'an origin has no path'
        : /^[a-z][a-z0-9+.-]*:/i.test(item.trim()) && !/^https?:/i.test(item.trim())
          ? 'only http:// and https:// websites can show a widget'
          : HOW;
      return { ok: false, message: `"${shown}" is not an origin: ${hint}.` };
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length > MAX_ALLOWED_ORIGINS) {
    return {
      ok: false,
      message: `List at most ${MAX_ALLOWED_ORIGINS} origins; use https://*.example.org for every subdomain of a site.`,
    };
  }
  return { ok: true, origins };
}

/**
 * The `frame-ancestors` sources for a widget: the app itself (its live preview) and the allowed
 * origins; with none listed, any website (`*`), which is what a station that pasted the snippet
 * without configuring anything expects. Stored values are parsed again, so a row written by
 * other means cannot inject into the header.
 */
export function frameAncestorSources(stored: unknown): string[] {
  const parsed = Array.isArray(stored)
    ? stored.map((item) => (typeof item === 'string' ? parseOrigin(item) : null))
    : [];
  const origins = parsed.filter((origin): origin is string => origin !== null);
  return origins.length === 0 ? ['*'] : ["'self'", ...new Set(origins)];
}

/**
 * A content security policy with its `frame-ancestors` directive replaced by (or, when it has
 * none, extended with) the given sources; every other directive is kept as it was.
 */
export function withFrameAncestors(policy: string, sources: readonly string[]): string {
  const directive = `frame-ancestors ${sources.join(' ')}`;
  const kept = policy
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !/^frame-ancestors(\s|$)/i.test(part));
  return [...kept, directive].join(';');
}
