import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { LoginAttemptsRepository } from './login-attempts-repository.js';
import {
  addressKey,
  counterKeys,
  LoginThrottle,
  LoginThrottledError,
  type LoginThrottleOptions,
  TOO_MANY_LOGIN_FAILURES,
} from './login-throttle.js';

// The throttle over its real table, on a SQLite database in memory (the integration tests run
// the same over HTTP on SQLite and PostgreSQL).

const MINUTE = 60_000;
const START = Date.UTC(2026, 2, 8, 7, 0);
const OPTIONS: LoginThrottleOptions = {
  windowMs: 5 * MINUTE,
  maxPerIdentity: 10,
  maxPerPair: 5,
  maxPerAddress: 50,
  sweepEveryMs: MINUTE,
};

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

let database: DatabaseHandle;

beforeAll(async () => {
  database = openDatabase({ dialect: 'sqlite', file: ':memory:' });
  await migrateToLatest(database.db);
});

afterAll(async () => {
  await database?.close();
});

afterEach(async () => {
  await database.db.deleteFrom('_login_attempts').execute();
});

function throttle(options: Partial<LoginThrottleOptions> = {}, handle = database) {
  const clock = frozenClock();
  const attempts = new LoginAttemptsRepository(handle.db, handle.dialect);
  const logins = new LoginThrottle(attempts, clock, { ...OPTIONS, ...options });
  return { clock, logins, attempts };
}

const wrongPassword = () => Promise.reject(new ApiError(400, 'Failed to authenticate.'));
const rightPassword = () => Promise.resolve('record');

async function outcome(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

/** `count` wrong guesses in a row; the statuses they got. */
async function fail(logins: LoginThrottle, identity: string, address: string, count = 1) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    statuses.push(await outcome(logins.attempt(identity, address, wrongPassword)));
  }
  return statuses;
}

const tryRight = (logins: LoginThrottle, identity: string, address: string) =>
  outcome(logins.attempt(identity, address, rightPassword));

describe('LoginThrottle', () => {
  it('compares five wrong passwords on an account from one address, then refuses', async () => {
    const { logins } = throttle();
    expect(await fail(logins, 'ann@example.org', '10.0.0.1', 5)).toEqual([400, 400, 400, 400, 400]);
    const error = await refusal(logins.attempt('ann@example.org', '10.0.0.1', rightPassword));
    expect(error).toBeInstanceOf(LoginThrottledError);
    expect(error).toMatchObject({ status: 429, message: TOO_MANY_LOGIN_FAILURES });
    expect((error as LoginThrottledError).retryAfterSeconds).toBe(300);
  });

  it('does not run the sign-in while refused, so a guess learns nothing', async () => {
    const { logins } = throttle({ maxPerPair: 1 });
    await fail(logins, 'ann@example.org', '10.0.0.1');
    let ran = false;
    const status = await outcome(
      logins.attempt('ann@example.org', '10.0.0.1', async () => {
        ran = true;
        return 'record';
      }),
    );
    expect(status).toBe(429);
    expect(ran).toBe(false);
  });

  it('counts parallel attempts before comparing: only the limit of them are compared', async () => {
    const { logins } = throttle();
    // Every comparison is held until each of the 60 attempts was either compared or answered,
    // so all of them are in flight at once (no timer decides how long a comparison takes).
    let compared = 0;
    let answered = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const releaseWhenAllArrived = () => {
      if (compared + answered >= 60) release();
    };
    const slowWrongPassword = async () => {
      compared += 1;
      releaseWhenAllArrived();
      await held;
      throw new ApiError(400, 'Failed to authenticate.');
    };
    const statuses = await Promise.all(
      Array.from({ length: 60 }, () =>
        outcome(logins.attempt('ann@example.org', '10.0.0.1', slowWrongPassword)).then((status) => {
          answered += 1;
          releaseWhenAllArrived();
          return status;
        }),
      ),
    );
    expect(compared).toBe(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(55);
    expect(await tryRight(logins, 'ann@example.org', '10.0.0.1')).toBe(429);
  });

  it('lets the account be tried from elsewhere until its own, higher limit', async () => {
    const { logins } = throttle();
    await fail(logins, 'ann@example.org', '10.0.0.1', 5);
    expect(await tryRight(logins, 'ann@example.org', '10.0.0.1')).toBe(429);
    // Another address still gets its five: the account has ten in all.
    expect(await fail(logins, 'ann@example.org', '10.0.0.2', 5)).toEqual([400, 400, 400, 400, 400]);
    for (const address of ['10.0.0.3', '192.168.1.9']) {
      expect(await tryRight(logins, 'ann@example.org', address)).toBe(429);
    }
    expect(await tryRight(logins, 'bob@example.org', '10.0.0.1')).toBe(200);
  });

  it('treats identities case-insensitively', async () => {
    const { logins } = throttle();
    await fail(logins, 'Ann@Example.org', '10.0.0.1', 5);
    expect(await tryRight(logins, 'ann@example.org', '10.0.0.1')).toBe(429);
    expect(await tryRight(logins, ' ANN@EXAMPLE.ORG ', '10.0.0.1')).toBe(429);
  });

  it('keeps a window for five minutes from its first attempt, then starts over', async () => {
    const { clock, logins } = throttle();
    await fail(logins, 'ann@example.org', '10.0.0.1');
    clock.advance(MINUTE);
    await fail(logins, 'ann@example.org', '10.0.0.1', 4);
    const error = await refusal(logins.attempt('ann@example.org', '10.0.0.1', rightPassword));
    expect((error as LoginThrottledError).retryAfterSeconds).toBe(240);
    clock.advance(4 * MINUTE - 1);
    expect(await tryRight(logins, 'ann@example.org', '10.0.0.1')).toBe(429);
    clock.advance(1);
    expect(await fail(logins, 'ann@example.org', '10.0.0.1', 5)).toEqual([400, 400, 400, 400, 400]);
    expect(await tryRight(logins, 'ann@example.org', '10.0.0.1')).toBe(429);
  });

  it('refuses an address after fifty failures over many accounts; others are not affected', async () => {
    const { logins } = throttle();
    for (let i = 0; i < 50; i += 1) {
      expect(await fail(logins, `user${i}@example.org`, '10.0.0.1')).toEqual([400]);
    }
    expect(await tryRight(logins, 'new@example.org', '10.0.0.1')).toBe(429);
    expect(await tryRight(logins, 'new@example.org', '10.0.0.2')).toBe(200);
  });

  it("does not let one account's refused guesses use up the address (colleagues)", async () => {
    const { logins } = throttle();
    const statuses = await fail(logins, 'ann@example.org', '10.0.0.1', 100);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    // Refused attempts are given back, so the office address has only ann's five failures.
    expect(await tryRight(logins, 'bob@example.org', '10.0.0.1')).toBe(200);
    expect(await fail(logins, 'carol@example.org', '10.0.0.1', 5)).toEqual([
      400, 400, 400, 400, 400,
    ]);
  });

  it('clears the account on success, but keeps the address’s failures', async () => {
    const { logins } = throttle({ maxPerAddress: 7 });
    await fail(logins, 'ann@example.org', '10.0.0.1', 4);
    expect(await tryRight(logins, 'ANN@example.org', '10.0.0.1')).toBe(200);
    expect(await fail(logins, 'ann@example.org', '10.0.0.1', 3)).toEqual([400, 400, 400]);
    // Three failures for ann since the success, but seven from the address.
    expect(await tryRight(logins, 'ann@example.org', '10.0.0.2')).toBe(200);
    expect(await tryRight(logins, 'ann@example.org', '10.0.0.1')).toBe(429);
  });

  it('returns what the sign-in returns', async () => {
    const { logins } = throttle();
    await expect(logins.attempt('ann@example.org', '10.0.0.1', rightPassword)).resolves.toBe(
      'record',
    );
  });

  it('does not count errors other than wrong credentials', async () => {
    const { logins } = throttle({ maxPerPair: 1 });
    await refusal(
      logins.attempt('ann@example.org', '10.0.0.1', () => Promise.reject(new Error('down'))),
    );
    await refusal(
      logins.attempt('ann@example.org', '10.0.0.1', () => Promise.reject(new ApiError(403, 'no'))),
    );
    expect(await tryRight(logins, 'ann@example.org', '10.0.0.1')).toBe(200);
  });

  it('is shared by every throttle on one database file (workers, nodes)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'airgrid-throttle-'));
    const file = path.join(folder, 'shared.db');
    const first = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(first.db);
    const second = openDatabase({ dialect: 'sqlite', file });
    try {
      const a = throttle({}, first).logins;
      const b = throttle({}, second).logins;
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          outcome((i % 2 ? a : b).attempt('ann@example.org', '10.0.0.1', wrongPassword)),
        ),
      );
      expect(statuses.filter((status) => status === 400)).toHaveLength(5);
      expect(await tryRight(a, 'ann@example.org', '10.0.0.1')).toBe(429);
      expect(await tryRight(b, 'ann@example.org', '10.0.0.1')).toBe(429);
    } finally {
      await first.close();
      await second.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('deletes ended windows and zero counters when it sweeps', async () => {
    const { clock, logins, attempts } = throttle();
    for (let i = 0; i < 20; i += 1) await fail(logins, `user${i}@example.org`, `10.0.1.${i}`);
    await tryRight(logins, 'ok@example.org', '10.0.2.1');
    // 20 × (address, account, pair) + the success's three, all of them now zero.
    expect(await attempts.size()).toBe(63);
    expect(await logins.sweep()).toBe(3);
    clock.advance(5 * MINUTE);
    await fail(logins, 'late@example.org', '10.0.3.1');
    // A minute has passed since the last sweep: this attempt swept the ended windows.
    expect(await attempts.size()).toBe(3);
  });

  it('never compares more than the limit in one window, whatever the timing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 3 * MINUTE }), right: fc.boolean() }), {
          maxLength: 30,
        }),
        async (steps) => {
          await database.db.deleteFrom('_login_attempts').execute();
          const { clock, logins } = throttle({ maxPerIdentity: 1000, maxPerAddress: 1000 });
          let windowStart: number | undefined;
          let failures = 0;
          for (const { gap, right } of steps) {
            clock.advance(gap);
            if (windowStart === undefined || clock.now() >= windowStart + 5 * MINUTE) {
              windowStart = clock.now();
              failures = 0;
            }
            const status = await outcome(
              logins.attempt('ann', 'ip', right ? rightPassword : wrongPassword),
            );
            expect(status).toBe(failures >= 5 ? 429 : right ? 200 : 400);
            if (status === 400) failures += 1;
            // A success clears the account: the next attempt starts a new window.
            if (status === 200) windowStart = undefined;
            expect(failures).toBeLessThanOrEqual(5);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('counter keys', () => {
  it('counts IPv6 clients by their /64 and IPv4-mapped ones as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('names the account, the address and the pair', () => {
    expect(counterKeys(' Ann@Example.org', '10.0.0.1')).toEqual({
      address: 'a:10.0.0.1',
      identity: 'i:ann@example.org',
      pair: 'p:10.0.0.1 ann@example.org',
    });
  });
});
