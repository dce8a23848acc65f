import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  BlockedAddressError,
  guardedLookup,
  hostOf,
  isPrivateAddress,
  type Lookup,
  PRIVATE_ADDRESS,
} from './outbound-address.js';

// The fetch every feature uses for an address a user typed or a server named (docs/security.md,
// "Outbound requests"): a Cablecast server, an OpenID Connect provider's endpoints, anything
// later. It never reaches the server's own network unless the policy allows it:
//
// - a literal private address is refused before connecting (Node skips `lookup` for those);
// - a name is resolved in the connection's own lookup and refused when any address is private,
//   so what was checked is what is connected to (no DNS-rebinding window);
// - redirects are followed by hand, at most five, and only to the same host (http → https of
//   the same host is fine): a server cannot send us elsewhere, and every hop is checked again.
//
// undici's own fetch (rather than the global one) because its Agent is the documented way to
// give the connection a lookup of ours; Node's bundled copy cannot be given one.

/** What the operator allowed for a feature. */
export interface OutboundPolicy {
  /** Every address, private ones included (WEBHOOKS_ALLOW_PRIVATE, CABLECAST_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /**
   * Host names the operator configured (an OpenID Connect issuer in the environment): reachable
   * wherever they point, since the operator chose them. Compared case-insensitively.
   */
  trustedHosts?: readonly string[];
}

/** A redirect that was refused, or too many of them. */
class RedirectRefusedError extends Error {
  override name = 'RedirectRefusedError';
  readonly code = 'EREDIRECT';
}

export type GuardedFetch = typeof fetch;

/** How many redirects one request may follow. */
export const MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A fetch bound by the policy; `lookup` is for tests (a resolver that answers what they say). */
export function createGuardedFetch(policy: OutboundPolicy, lookup?: Lookup): GuardedFetch {
  const trusted = new Set((policy.trustedHosts ?? []).map((host) => host.toLowerCase()));
  const open = new Agent();
  const guarded = new Agent({ connect: { lookup: guardedLookup(false, lookup) as never } });
  const mayBePrivate = (url: URL) => policy.allowPrivate || trusted.has(hostOf(url).toLowerCase());

  const once = (url: URL, init: RequestInit) => {
    const host = hostOf(url);
    const privateOk = mayBePrivate(url);
    if (!privateOk && isIP(host) !== 0 && isPrivateAddress(host)) {
      return Promise.reject(
        new TypeError('fetch failed', {
          cause: new BlockedAddressError(`${host} is ${PRIVATE_ADDRESS}`),
        }),
      );
    }
    return undiciFetch(url, {
      ...(init as object),
      redirect: 'manual',
      dispatcher: privateOk ? open : guarded,
    }) as unknown as Promise<Response>;
  };

  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    if (input instanceof Request) throw new TypeError('guarded fetch takes a URL, not a Request');
    let url = new URL(String(input));
    let request = init;
    const mode = init.redirect ?? 'follow';
    for (let hop = 0; ; hop++) {
      const response = await once(url, request);
      const location = response.headers.get('location');
      if (mode === 'manual' || !REDIRECTS.has(response.status) || location === null)
        return response;
      await response.body?.cancel().catch(() => {});
      if (mode === 'error') throw new RedirectRefusedError(`${url.host} answered with a redirect.`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new RedirectRefusedError(`${url.host} redirected to an address that cannot be read.`);
      }
      if (!sameHost(url, next)) {
        throw new RedirectRefusedError(
          `${url.host} redirected to another server (${next.host}); enter that address instead if it is the right one.`,
        );
      }
      if (hop + 1 > MAX_REDIRECTS)
        throw new RedirectRefusedError(`${url.host} redirected more than ${MAX_REDIRECTS} times.`);
      // As browsers do: 303, and 301/302 after a POST, go on as a GET without the body.
      const method = (request.method ?? 'GET').toUpperCase();
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        const { body: _body, ...rest } = request;
        request = { ...rest, method: 'GET' };
      }
      url = next;
    }
  }) as GuardedFetch;
}

/**
 * Whether a redirect stays on the server: the same host name, on the same port or the same
 * scheme's default, or moving from http to https (a server upgrading the connection).
 */
function sameHost(from: URL, to: URL): boolean {
  if (to.protocol !== 'http:' && to.protocol !== 'https:') return false;
  if (from.hostname.toLowerCase() !== to.hostname.toLowerCase()) return false;
  if (from.protocol === to.protocol) return from.port === to.port;
  return (
    from.protocol === 'http:' && to.protocol === 'https:' && (to.port === '' || to.port === '443')
  );
}
