import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Where a webhook may send (docs/security.md, "Webhooks"): the server must not be made to call
// services on its own network. A receiver's address is https and resolves only to public
// addresses; WEBHOOKS_ALLOW_PRIVATE=true lifts the address check (and lets http reach loopback)
// for development and the tests' loopback receivers. Checked when the webhook is saved and
// again on every connection: the sender connects through `guardedLookup`, so the address
// checked is the address used, whatever the name resolves to by then.

/** Networks a webhook may not reach: loopback, private, link-local, shared, reserved, multicast. */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach (IPv4-mapped IPv6 as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (family === 0) return true;
  return BLOCKED.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as an address or a name: IPv6 without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

const MAX_URL_LENGTH = 2000;

/**
 * The receiver's URL, or what is wrong with it (a sentence for the `url` field). Only the form:
 * names are resolved by {@link checkResolvesPublic}.
 */
export function parseWebhookUrl(value: unknown, allowPrivate: boolean): URL | string {
  if (typeof value !== 'string' || value.trim() === '') return 'Cannot be blank.';
  if (value.length > MAX_URL_LENGTH) return `Must be at most ${MAX_URL_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'Must be a valid URL, e.g. https://example.org/airgrid-webhook.';
  }
  const host = hostOf(url);
  const loopback = host === 'localhost' || (isIP(host) !== 0 && isLoopback(host));
  if (url.protocol === 'http:' && !(allowPrivate && loopback))
    return 'Must start with https:// (plain http is not accepted).';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Must start with https://.';
  if (url.username || url.password)
    return 'Must not contain a user name or password: the signature authenticates the server.';
  if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
    return 'Must not point at a private, loopback or link-local address.';
  return url;
}

function isLoopback(address: string): boolean {
  return address === '::1' || /^127\./.test(address) || /^::ffff:127\./i.test(address);
}

type Lookup = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** How long resolving a receiver's name may take. */
const RESOLVE_TIMEOUT_MS = 3000;

/**
 * Null when the URL's host resolves only to addresses a webhook may reach, or what is wrong
 * (a name that does not resolve, or one that reaches a private network).
 */
export async function checkResolvesPublic(
  url: URL,
  allowPrivate: boolean,
  lookup: Lookup = dnsLookup as Lookup,
): Promise<string | null> {
  if (allowPrivate) return null;
  const host = hostOf(url);
  if (isIP(host) !== 0)
    return isPrivateAddress(host)
      ? 'Must not point at a private, loopback or link-local address.'
      : null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const addresses = await Promise.race([
      new Promise<LookupAddress[]>((resolve, reject) =>
        lookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), RESOLVE_TIMEOUT_MS);
      }),
    ]);
    if (addresses.length === 0) return `The host ${host} could not be resolved.`;
    if (addresses.some(({ address }) => isPrivateAddress(address)))
      return `The host ${host} resolves to a private, loopback or link-local address.`;
    return null;
  } catch {
    return `The host ${host} could not be resolved.`;
  } finally {
    clearTimeout(timer);
  }
}

/** Thrown (as a lookup error) when a receiver's name resolves to a private address. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  readonly code = 'EBLOCKED';
}

/**
 * A `lookup` for node:http's request: resolves the name and refuses the connection when any of
 * its addresses is private, so a name that changed since the webhook was saved is caught at
 * the moment of connecting (no window between the check and the connection).
 */
export function guardedLookup(allowPrivate: boolean, lookup: Lookup = dnsLookup as Lookup) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, options.all ? [] : '', 0);
      if (!allowPrivate && addresses.some(({ address }) => isPrivateAddress(address))) {
        return callback(
          new BlockedAddressError(
            `${hostname} resolves to a private, loopback or link-local address`,
          ),
          options.all ? [] : '',
          0,
        );
      }
      const first = addresses[0];
      if (options.all) return callback(null, addresses);
      if (!first) return callback(new Error(`${hostname} did not resolve`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}
