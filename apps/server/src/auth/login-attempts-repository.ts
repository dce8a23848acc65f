import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/column-types.js';
import type { Database } from '../db/tables.js';

/** A counter after an attempt was added to it. */
export interface AttemptCount {
  key: string;
  /** Attempts in the window, this one included. */
  count: number;
  /** When the window ends (epoch milliseconds). */
  expires: number;
}

/** An attempt to give back: the counter's key and the window it was counted in. */
export interface CountedAttempt {
  key: string;
  expires: number;
}

/**
 * The sign-in throttle's counters (table `_login_attempts`), also the submission throttle's
 * (keys "s:"): any limit that must hold across processes reserves here under its own prefix.
 * Every write is one statement, so it is atomic without a transaction on both dialects, and
 * holds the same across processes.
 *
 * On PostgreSQL a statement that writes several rows locks them in the order of its VALUES
 * list; callers pass keys whose kinds ("a:", "i:", "p:") differ, and they are sorted here, so
 * every statement locks in one global order and two of them cannot deadlock.
 */
export class LoginAttemptsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Adds one attempt to each key, atomically: a key with no row or an expired window starts a
   * new window of `windowMs` at 1. Returns each key's count and window end after the addition.
   */
  async reserve(keys: readonly string[], now: number, windowMs: number): Promise<AttemptCount[]> {
    if (keys.length === 0) return [];
    const expired = sql<boolean>`${sql.ref('_login_attempts.expires')} <= ${now}`;
    const rows = await this.db
      .insertInto('_login_attempts')
      .values(sortedUnique(keys).map((key) => ({ key, count: 1, expires: now + windowMs })))
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql`case when ${expired} then 1 else ${sql.ref('_login_attempts.count')} + 1 end`,
          expires: sql`case when ${expired} then ${sql.ref('excluded.expires')} else ${sql.ref('_login_attempts.expires')} end`,
        }),
      )
      .returning(['key', 'count', 'expires'])
      .execute();
    return rows.map((row) => ({
      key: row.key,
      count: Number(row.count),
      expires: Number(row.expires),
    }));
  }

  /**
   * Settles attempts after the fact, in one statement: each of `refund` gives its attempt back
   * (one less, if its window is still the one it was counted in); each of `reset` is as if it
   * had no row (count 0, window ended), so its next attempt starts a new window. A key with no
   * row gets a zero row, which the sweep deletes.
   */
  async settle(refund: readonly CountedAttempt[], reset: readonly string[] = []): Promise<void> {
    // A reset travels as window end 0, which no real window has.
    const byKey = new Map<string, number>();
    for (const attempt of refund) byKey.set(attempt.key, attempt.expires);
    for (const key of reset) byKey.set(key, 0);
    if (byKey.size === 0) return;
    const current = sql.ref('_login_attempts.count');
    const window = sql.ref('_login_attempts.expires');
    const given = sql.ref('excluded.expires');
    await this.db
      .insertInto('_login_attempts')
      .values(
        sortedUnique([...byKey.keys()]).map((key) => ({
          key,
          count: 0,
          expires: byKey.get(key) ?? 0,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql`case
            when ${given} = 0 then 0
            when ${window} = ${given} and ${current} > 0 then ${current} - 1
            else ${current} end`,
          expires: sql`case when ${given} = 0 then 0 else ${window} end`,
        }),
      )
      .execute();
  }

  /**
   * Deletes counters whose window has ended or that count nothing; returns how many. On
   * PostgreSQL rows another statement holds are skipped (the next sweep gets them), so the
   * sweep never waits for a sign-in nor deadlocks with one.
   */
  async sweep(now: number): Promise<number> {
    const stale = sql`${sql.ref('expires')} <= ${now} or ${sql.ref('count')} <= 0`;
    const result =
      this.dialect === 'postgres'
        ? await sql`delete from _login_attempts where key in (
            select key from _login_attempts where ${stale} for update skip locked)`.execute(this.db)
        : await sql`delete from _login_attempts where ${stale}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** How many counters are stored (tests and metrics). */
  async size(): Promise<number> {
    const row = await this.db
      .selectFrom('_login_attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('rows'))
      .executeTakeFirstOrThrow();
    return Number(row.rows);
  }
}

function sortedUnique(keys: readonly string[]): string[] {
  return [...new Set(keys)].sort();
}
