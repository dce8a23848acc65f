// Which websites a player widget counts for: the origin its page reports, checked against the
// embed's allowed origins (`https://*.example.org` for every subdomain, as CSP frame-ancestors
// reads them).

const ORIGIN = /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?$/;

/** The longest origin kept (a host name is at most 253 characters). */
const MAX_ORIGIN = 300;

/**
 * An origin as a page reports it (`location.ancestorOrigins[0]` or the referrer's), kept as
 * scheme, host and port only, lower-case; "" for anything else (a path is cut, a file: or
 * about: page is no website).
 */
export function normalizeOrigin(text: string): string {
  const match = /^(https?):\/\/([^/?#]*)/i.exec(text.trim());
  if (!match) return '';
  const scheme = (match[1] ?? '').toLowerCase();
  let authority = (match[2] ?? '').toLowerCase();
  // The default port is no part of an origin (https://a.org:443 is https://a.org).
  const defaultPort = scheme === 'https' ? ':443' : ':80';
  if (authority.endsWith(defaultPort)) authority = authority.slice(0, -defaultPort.length);
  const origin = `${scheme}://${authority}`;
  return origin.length <= MAX_ORIGIN && ORIGIN.test(origin) ? origin : '';
}

/** The port an origin uses, spelled out (80 and 443 when it names none). */
function portOf(scheme: string, port: string | undefined): string {
  return port ?? (scheme === 'https' ? '443' : '80');
}

/**
 * Whether a normalized origin is one of the allowed ones: the same scheme, host and port, or a
 * subdomain of a `*.` host. An empty list allows every origin.
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const site = ORIGIN.exec(origin);
  if (!site) return false;
  const [, scheme = '', host = '', port] = site;
  for (const entry of allowed) {
    const rule = /^(https?):\/\/(\*\.)?([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry.toLowerCase());
    if (!rule) continue;
    const [, ruleScheme = '', wildcard, ruleHost = '', rulePort] = rule;
    if (ruleScheme !== scheme) continue;
    if (portOf(ruleScheme, rulePort) !== portOf(scheme, port)) continue;
    if (wildcard ? host.endsWith(`.${ruleHost}`) : host === ruleHost) return true;
  }
  return false;
}
