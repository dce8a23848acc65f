import { isIP } from 'node:net';
import {
  hostOf,
  isLoopbackHost,
  isPrivateAddress,
  PRIVATE_ADDRESS,
} from '../../outbound/outbound-address.js';

// Where a webhook may send (docs/security.md, "Webhooks"): https, no credentials in the
// address, and (through the outbound guard, outbound/) only public addresses.
// WEBHOOKS_ALLOW_PRIVATE=true lifts the address rule and lets http reach loopback, for
// development and the tests' loopback receivers.

const MAX_URL_LENGTH = 2000;

/**
 * The receiver's URL, or what is wrong with it (a sentence for the `url` field). Only the form:
 * names are resolved by `checkResolvesPublic`.
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
  if (url.protocol === 'http:' && !(allowPrivate && isLoopbackHost(url)))
    return 'Must start with https:// (plain http is not accepted).';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Must start with https://.';
  if (url.username || url.password)
    return 'Must not contain a user name or password: the signature authenticates the server.';
  const host = hostOf(url);
  if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
    return `Must not point at ${PRIVATE_ADDRESS}.`;
  return url;
}
