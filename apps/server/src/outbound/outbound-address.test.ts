import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkResolvesPublic, guardedLookup, isPrivateAddress } from './outbound-address.js';

/** A resolver that answers these addresses for any name. */
function resolver(...addresses: string[]) {
  return (
    _host: string,
    _options: { all: true },
    callback: (error: NodeJS.ErrnoException | null, found: LookupAddress[]) => void,
  ) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
}

describe('private addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("a user's address", () => {
  it('must resolve only to public addresses', async () => {
    const url = new URL('https://hooks.example.org/x');
    expect(await checkResolvesPublic(url, false, resolver('93.184.216.34'))).toBeNull();
    expect(await checkResolvesPublic(url, false, resolver('93.184.216.34', '10.0.0.1'))).toMatch(
      /resolves to a private/,
    );
    expect(await checkResolvesPublic(url, false, resolver())).toMatch(/could not be resolved/);
    const failing = (_h: string, _o: unknown, cb: (e: Error, a: LookupAddress[]) => void) =>
      cb(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []);
    expect(await checkResolvesPublic(url, false, failing)).toMatch(/could not be resolved/);
    expect(await checkResolvesPublic(url, true, resolver('10.0.0.1'))).toBeNull();
  });

  it('is checked again as the connection is made', async () => {
    const lookup = guardedLookup(false, resolver('169.254.169.254'));
    const error = await new Promise<unknown>((resolve) =>
      lookup('metadata.example.org', {}, (err) => resolve(err)),
    );
    expect(error).toMatchObject({ code: 'EBLOCKED' });
    const allowed = guardedLookup(false, resolver('93.184.216.34'));
    const address = await new Promise<unknown>((resolve) =>
      allowed('example.org', {}, (_err, found) => resolve(found)),
    );
    expect(address).toBe('93.184.216.34');
  });
});
