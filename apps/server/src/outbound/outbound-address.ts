import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Where the server may connect when a user typed the address (docs/security.md, "Outbound
// requests"): never to services on its own network. A webhook's receiver, a Cablecast server
// and anything later must resolve only to public addresses, unless the operator lifted the rule
// for that feature (WEBHOOKS_ALLOW_PRIVATE, CABLECAST_ALLOW_PRIVATE). Checked when the address
// is saved (`checkResolvesPublic`) and again on every connection (`guardedLookup`, which
// guarded-fetch.ts and the webhook sender connect through), so the address checked is the
// address used, whatever the name resolves to by then (DNS rebinding).

/** Networks a user's address may not reach: loopback, private, link-local, shared, reserved, multicast. */
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

/** Whether an IP address is one a user's address may not reach (IPv4-mapped IPv6 as its IPv4). */
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

/** Whether an address is on this machine: 127/8, ::1, or their IPv4-mapped form. */
function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^127\./.test(address) || /^::ffff:127\./i.test(address);
}

/** Whether a URL's host is this machine, by name (`localhost`) or by address. */
export function isLoopbackHost(url: URL): boolean {
  const host = hostOf(url);
  return host === 'localhost' || (isIP(host) !== 0 && isLoopbackAddress(host));
}

/** The one sentence every refusal of a private address ends with. */
export const PRIVATE_ADDRESS = 'a private, loopback or link-local address';

export type Lookup = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** How long resolving a user's host name may take. */
const RESOLVE_TIMEOUT_MS = 3000;

/** What is wrong with where a URL's host leads: a private network, or nowhere. */
export type AddressProblem = 'private' | 'unresolved';

/**
 * Null when the URL's host is a public address or a name that resolves only to public
 * addresses; otherwise what is wrong. For the check on save: connections are checked again
 * by `guardedLookup`.
 */
export async function addressProblem(
  url: URL,
  allowPrivate: boolean,
  lookup: Lookup = dnsLookup as Lookup,
): Promise<AddressProblem | null> {
  if (allowPrivate) return null;
  const host = hostOf(url);
  if (isIP(host) !== 0) return isPrivateAddress(host) ? 'private' : null;
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
    if (addresses.length === 0) return 'unresolved';
    return addresses.some(({ address }) => isPrivateAddress(address)) ? 'private' : null;
  } catch {
    return 'unresolved';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Null when the URL's host resolves only to public addresses, or what is wrong (a name that
 * does not resolve, or one that reaches a private network), as a sentence for a form's field.
 */
export async function checkResolvesPublic(
  url: URL,
  allowPrivate: boolean,
  lookup: Lookup = dnsLookup as Lookup,
): Promise<string | null> {
  const host = hostOf(url);
  switch (await addressProblem(url, allowPrivate, lookup)) {
    case 'private':
      return isIP(host) !== 0
        ? `Must not point at ${PRIVATE_ADDRESS}.`
        : `The host ${host} resolves to ${PRIVATE_ADDRESS}.`;
    case 'unresolved':
      return `The host ${host} could not be resolved.`;
    default:
      return null;
  }
}

/** Thrown (as a lookup error) when a name resolves to a private address. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  readonly code = 'EBLOCKED';
}

/**
 * A `lookup` for node:net's connections (node:http's request, undici's connector): resolves the
 * name and refuses the connection when any of its addresses is private, so a name that changed
 * since the address was saved is caught at the moment of connecting (no window between the
 * check and the connection). Node skips `lookup` for a literal address: check those first.
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
          new BlockedAddressError(`${hostname} resolves to ${PRIVATE_ADDRESS}`),
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
