import { describe, expect, it } from 'vitest';
import { AuthCache } from './auth-cache.js';
import type { TokenClaims } from './tokens.js';

const claims = (exp: number): TokenClaims => ({
  id: 'user1',
  type: 'auth',
  collectionId: '_pb_users_auth_',
  exp,
});

/** A cache on a clock the test moves by hand. */
function cacheAt(start = 0) {
  let ticks = start;
  const cache = new AuthCache<string>(() => ticks, 1000);
  return {
    cache,
    advance: (ms: number) => {
      ticks += ms;
    },
  };
}

describe('AuthCache', () => {
  it('serves a stored state until its time is up', () => {
    const { cache, advance } = cacheAt();
    cache.set('token', claims(100), 'state', cache.generation());
    advance(999);
    expect(cache.get('token', 50)).toBe('state');
    advance(1);
    expect(cache.get('token', 50)).toBeUndefined();
  });

  it('stops serving a token once the token itself has expired', () => {
    const { cache } = cacheAt();
    cache.set('token', claims(100), 'state', cache.generation());
    expect(cache.get('token', 99)).toBe('state');
    expect(cache.get('token', 100)).toBeUndefined();
  });

  it('forgets everything when cleared', () => {
    const { cache } = cacheAt();
    cache.set('a', claims(100), 'state a', cache.generation());
    cache.set('b', claims(100), 'state b', cache.generation());
    cache.clear();
    expect(cache.get('a', 50)).toBeUndefined();
    expect(cache.get('b', 50)).toBeUndefined();
  });

  it('does not store a state read before a clear', () => {
    const { cache } = cacheAt();
    const generation = cache.generation();
    // The record changes while the read is in flight: what it read is already stale.
    cache.clear();
    cache.set('token', claims(100), 'stale state', generation);
    expect(cache.get('token', 50)).toBeUndefined();
  });

  it('keeps tokens apart', () => {
    const { cache } = cacheAt();
    cache.set('a', claims(100), 'state a', cache.generation());
    expect(cache.get('b', 50)).toBeUndefined();
    expect(cache.get('a', 50)).toBe('state a');
  });
});
