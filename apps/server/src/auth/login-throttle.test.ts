import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.js';
import {
  LoginThrottle,
  type LoginThrottleOptions,
  TOO_MANY_LOGIN_FAILURES,
} from './login-throttle.js';

const MINUTE = 60_000;
const START = Date.UTC(2026, 2, 8, 7, 0);

function frozenClock(at = START) {
  const clock = {
    time: at,
    now: () => clock.time,
    advance(ms: number) {
      clock.time += ms;
    },
  };
  return clock;
}

function throttle(options: Partial<LoginThrottleOptions> = {}) {
  const clock = frozenClock();
  const logins = new LoginThrottle(clock, {
    windowMs: 5 * MINUTE,
    maxPerIdentity: 5,
    maxPerAddress: 20,
    maxKeys: 1000,
    ...options,
  });
  return { clock, logins };
}

const wrongPassword = () => Promise.reject(new ApiError(400, 'Failed to authenticate.'));
const rightPassword = () => Promise.resolve('record');

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('LoginThrottle', () => {
  it('allows five failures for an identity, then refuses the sixth attempt', () => {
    const { logins } = throttle();
    for (let i = 0; i < 5; i += 1) {
      expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBe(0);
      logins.recordFailure('ann@example.org', '10.0.0.1');
    }
    expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('refuses the identity from any address, and leaves other identities alone', () => {
    const { logins } = throttle();
    for (let i = 0; i < 5; i += 1) logins.recordFailure('ann@example.org', `10.0.0.${i}`);
    expect(logins.blockedFor('ann@example.org', '192.168.1.9')).toBeGreaterThan(0);
    expect(logins.blockedFor('bob@example.org', '10.0.0.1')).toBe(0);
  });

  it('treats identities case-insensitively', () => {
    const { logins } = throttle();
    for (let i = 0; i < 5; i += 1) logins.recordFailure('Ann@Example.org', '10.0.0.1');
    expect(logins.blockedFor('ann@example.org', '10.0.0.2')).toBeGreaterThan(0);
    expect(logins.blockedFor('ANN@EXAMPLE.ORG', '10.0.0.2')).toBeGreaterThan(0);
  });

  it('lifts the block when the oldest failure is five minutes old, not before', () => {
    const { clock, logins } = throttle();
    logins.recordFailure('ann@example.org', '10.0.0.1');
    clock.advance(MINUTE);
    for (let i = 0; i < 4; i += 1) logins.recordFailure('ann@example.org', '10.0.0.1');
    expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBe(4 * MINUTE);
    clock.advance(4 * MINUTE - 1);
    expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBe(1);
    clock.advance(1);
    expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBe(0);
  });

  it('is a sliding window: one more failure after the block lifts blocks again', () => {
    const { clock, logins } = throttle();
    for (let i = 0; i < 5; i += 1) {
      logins.recordFailure('ann@example.org', '10.0.0.1');
      clock.advance(MINUTE);
    }
    // Failures at 0, 1, 2, 3 and 4 minutes; now is 5 minutes: the first has aged out.
    expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBe(0);
    logins.recordFailure('ann@example.org', '10.0.0.1');
    expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBe(MINUTE);
  });

  it('allows twenty failures from one address over many identities, then refuses it', () => {
    const { logins } = throttle();
    for (let i = 0; i < 20; i += 1) {
      expect(logins.blockedFor(`user${i}@example.org`, '10.0.0.1')).toBe(0);
      logins.recordFailure(`user${i}@example.org`, '10.0.0.1');
    }
    expect(logins.blockedFor('new@example.org', '10.0.0.1')).toBe(5 * MINUTE);
    expect(logins.blockedFor('new@example.org', '10.0.0.2')).toBe(0);
  });

  it('clears the identity on success, but not the address', () => {
    const { logins } = throttle({ maxPerAddress: 6 });
    for (let i = 0; i < 4; i += 1) logins.recordFailure('ann@example.org', '10.0.0.1');
    logins.recordSuccess('ANN@example.org');
    for (let i = 0; i < 2; i += 1) logins.recordFailure('ann@example.org', '10.0.0.1');
    // Two failures for ann since the success, but six from the address.
    expect(logins.blockedFor('ann@example.org', '10.0.0.2')).toBe(0);
    expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('reports the longer of the two waits', () => {
    const { clock, logins } = throttle({ maxPerIdentity: 2, maxPerAddress: 3 });
    logins.recordFailure('ann@example.org', '10.0.0.1');
    clock.advance(MINUTE);
    logins.recordFailure('bob@example.org', '10.0.0.1');
    clock.advance(MINUTE);
    logins.recordFailure('ann@example.org', '10.0.0.1');
    // ann: failures at 0 and 2 min → 3 min left. Address: 0, 1, 2 min → 3 min left.
    expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBe(3 * MINUTE);
    clock.advance(MINUTE);
    logins.recordFailure('bob@example.org', '10.0.0.9');
    // bob: failures at 1 and 3 min → 3 min left; address 10.0.0.1 → 2 min left.
    expect(logins.blockedFor('bob@example.org', '10.0.0.1')).toBe(3 * MINUTE);
  });

  it('forgets identities and addresses whose failures have aged out', () => {
    const { clock, logins } = throttle();
    for (let i = 0; i < 50; i += 1) logins.recordFailure(`user${i}@example.org`, `10.0.1.${i}`);
    expect(logins.size).toEqual({ identities: 50, addresses: 50 });
    clock.advance(5 * MINUTE);
    logins.recordFailure('late@example.org', '10.0.2.1');
    expect(logins.size).toEqual({ identities: 1, addresses: 1 });
  });

  it('keeps at most maxKeys entries, forgetting the oldest first', () => {
    const { logins } = throttle({ maxKeys: 3, maxPerAddress: 100 });
    for (const name of ['a', 'b', 'c', 'd']) logins.recordFailure(name, '10.0.0.1');
    expect(logins.size.identities).toBe(3);
  });

  describe('attempt', () => {
    it('returns what the sign-in returns and clears earlier failures', async () => {
      const { logins } = throttle();
      for (let i = 0; i < 4; i += 1) logins.recordFailure('ann@example.org', '10.0.0.1');
      await expect(logins.attempt('ann@example.org', '10.0.0.1', rightPassword)).resolves.toBe(
        'record',
      );
      for (let i = 0; i < 4; i += 1) logins.recordFailure('ann@example.org', '10.0.0.2');
      expect(logins.blockedFor('ann@example.org', '10.0.0.3')).toBe(0);
    });

    it('counts wrong credentials and answers 429 once there are too many', async () => {
      const { logins } = throttle();
      for (let i = 0; i < 5; i += 1) {
        const error = await refusal(logins.attempt('ann@example.org', '10.0.0.1', wrongPassword));
        expect(error).toMatchObject({ status: 400 });
      }
      const error = await refusal(logins.attempt('ann@example.org', '10.0.0.1', rightPassword));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 429, message: TOO_MANY_LOGIN_FAILURES });
    });

    it('does not run the sign-in while refused, so a guess learns nothing', async () => {
      const { logins } = throttle({ maxPerIdentity: 1 });
      logins.recordFailure('ann@example.org', '10.0.0.1');
      let ran = false;
      await refusal(
        logins.attempt('ann@example.org', '10.0.0.1', async () => {
          ran = true;
          return 'record';
        }),
      );
      expect(ran).toBe(false);
    });

    it('does not count errors other than wrong credentials', async () => {
      const { logins } = throttle({ maxPerIdentity: 1 });
      const broken = () => Promise.reject(new Error('database down'));
      await refusal(logins.attempt('ann@example.org', '10.0.0.1', broken));
      await refusal(
        logins.attempt('ann@example.org', '10.0.0.1', () =>
          Promise.reject(new ApiError(403, 'no')),
        ),
      );
      expect(logins.blockedFor('ann@example.org', '10.0.0.1')).toBe(0);
    });
  });

  it('never blocks an identity with fewer failures in the window than allowed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 * MINUTE }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 10 * MINUTE }),
        (gaps, wait) => {
          const { clock, logins } = throttle({ maxPerAddress: 1000 });
          const times: number[] = [];
          for (const gap of gaps) {
            clock.advance(gap);
            if (logins.blockedFor('ann', 'ip') > 0) continue;
            logins.recordFailure('ann', 'ip');
            times.push(clock.now());
          }
          clock.advance(wait);
          const inWindow = times.filter((time) => clock.now() - time < 5 * MINUTE).length;
          expect(logins.blockedFor('ann', 'ip') > 0).toBe(inWindow >= 5);
          expect(inWindow).toBeLessThanOrEqual(5);
        },
      ),
    );
  });
});
