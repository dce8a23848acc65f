import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoginAttemptsRepository } from '../../auth/login-attempts-repository.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { SubmissionThrottle, SubmissionThrottledError } from './submission-throttle.js';

// The throttle over its real table, on a SQLite database in memory (the integration tests send
// parallel forms over HTTP on SQLite and PostgreSQL).

const START = Date.UTC(2026, 2, 8, 7, 0);
const HOUR = 3600_000;

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

function throttle(rate: { max: number; windowMs: number } | null = { max: 2, windowMs: HOUR }) {
  const clock = { time: START, now: () => clock.time };
  const counters = new LoginAttemptsRepository(database.db, database.dialect);
  return { throttle: new SubmissionThrottle(counters, clock, rate), clock, counters };
}

const submitted = () => Promise.resolve('kept');
const refused = () => Promise.reject(new ApiError(400, 'An error occurred.'));
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'kept',
    (error: unknown) => (error instanceof ApiError ? error.status : error),
  );

describe('the submission throttle', () => {
  it('lets `max` submissions per window from one address, then refuses with when to try again', async () => {
    const { throttle: limit, clock } = throttle();
    expect(await outcome(limit.hold('203.0.113.7', submitted))).toBe('kept');
    clock.time += 10 * 60_000;
    expect(await outcome(limit.hold('203.0.113.7', submitted))).toBe('kept');
    const third = await limit.hold('203.0.113.7', submitted).catch((error: unknown) => error);
    expect(third).toBeInstanceOf(SubmissionThrottledError);
    // The window began with the first submission, 50 minutes ago.
    expect(third).toMatchObject({
      status: 429,
      retryAfterSeconds: 50 * 60,
      message: 'Too many submissions from your address: try again in 50 minutes.',
    });
    expect(await outcome(limit.hold('203.0.113.8', submitted))).toBe('kept');
    clock.time += 50 * 60_000;
    expect(await outcome(limit.hold('203.0.113.7', submitted))).toBe('kept');
  });

  it('reserves before the work: of parallel submissions, only `max` run', async () => {
    const { throttle: limit } = throttle({ max: 5, windowMs: HOUR });
    let ran = 0;
    const work = async () => {
      ran += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'kept';
    };
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => outcome(limit.hold('203.0.113.7', work))),
    );
    expect(ran).toBe(5);
    expect(outcomes.filter((one) => one === 'kept')).toHaveLength(5);
    expect(outcomes.filter((one) => one === 429)).toHaveLength(25);
  });

  it('gives the slot back when the form is refused, and when it is refused for the limit', async () => {
    const { throttle: limit } = throttle({ max: 1, windowMs: HOUR });
    expect(await outcome(limit.hold('203.0.113.7', refused))).toBe(400);
    expect(await outcome(limit.hold('203.0.113.7', submitted))).toBe('kept');
    for (let i = 0; i < 3; i += 1)
      expect(await outcome(limit.hold('203.0.113.7', submitted))).toBe(429);
    const [row] = await database.db.selectFrom('_login_attempts').selectAll().execute();
    expect(row).toMatchObject({ key: 's:203.0.113.7', count: 1 });
  });

  it('counts an IPv6 subscriber by its /64, and a mapped IPv4 address as itself', async () => {
    const { throttle: limit } = throttle({ max: 1, windowMs: HOUR });
    expect(await outcome(limit.hold('2001:db8:1:2::1', submitted))).toBe('kept');
    expect(await outcome(limit.hold('2001:db8:1:2::ffff', submitted))).toBe(429);
    expect(await outcome(limit.hold('198.51.100.4', submitted))).toBe('kept');
    expect(await outcome(limit.hold('::ffff:198.51.100.4', submitted))).toBe(429);
  });

  it('sweeps ended windows as it goes', async () => {
    const { throttle: limit, clock, counters } = throttle({ max: 1, windowMs: 60_000 });
    await limit.hold('203.0.113.7', submitted);
    clock.time += 2 * 60_000;
    await limit.hold('203.0.113.8', submitted);
    expect(await counters.size()).toBe(1);
  });

  it('lets everything through when the limit is off, and writes nothing', async () => {
    const { throttle: limit, counters } = throttle(null);
    for (let i = 0; i < 20; i += 1)
      expect(await outcome(limit.hold('203.0.113.7', submitted))).toBe('kept');
    expect(await counters.size()).toBe(0);
  });
});
