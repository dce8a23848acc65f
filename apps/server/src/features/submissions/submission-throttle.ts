import type { LoginAttemptsRepository } from '../../auth/login-attempts-repository.js';
import { addressKey } from '../../auth/login-throttle.js';
import type { Clock } from '../../clock.js';
import type { RateLimit } from '../../config.js';
import { ApiError } from '../../errors/api-error.js';

/** The counters' key prefix: the sign-in throttle's table holds these beside its own. */
const PREFIX = 's:';
/** How often this process deletes ended windows from the shared table (also done at sign-ins). */
const SWEEP_EVERY_MS = 60_000;

/** The 429 of a submission over its address's limit, with the seconds until its window ends. */
export class SubmissionThrottledError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      `Too many submissions from your address: try again in ${inWords(retryAfterSeconds)}.`,
    );
  }
}

/**
 * Submissions one address may send per window (SUBMISSION_RATE_LIMIT); a honeypot and the size
 * limits are the other defences, no third-party captcha. Each submission mails an address its
 * sender chooses and notifies every staff member, so the limit must hold under parallel
 * requests and across processes: the slot is reserved in the database before the submission is
 * made, in the sign-in throttle's table (`_login_attempts`, key `s:{address}`) and with its one
 * atomic statement, and given back when the form is refused. A check before the work and a
 * count after it let 30 parallel forms through where the limit was 5.
 *
 * Windows are fixed, as the sign-in throttle's: the first submission starts one.
 */
export class SubmissionThrottle {
  private nextSweep: number;

  /** `rate` null: no limit (SUBMISSION_RATE_LIMIT=off). */
  constructor(
    private readonly counters: LoginAttemptsRepository,
    private readonly clock: Clock,
    private readonly rate: RateLimit | null = { max: 5, windowMs: 3600_000 },
  ) {
    this.nextSweep = clock.now() + SWEEP_EVERY_MS;
  }

  /**
   * Runs `submit` holding one of `address`'s slots: refuses with 429 when none is left, and
   * gives the slot back when `submit` fails (a form sent back with a mistake is not held
   * against anyone). Only what was kept counts.
   */
  async hold<T>(address: string, submit: () => Promise<T>): Promise<T> {
    if (this.rate === null) return submit();
    const now = this.clock.now();
    const [counted] = await this.counters.reserve(
      [`${PREFIX}${addressKey(address)}`],
      now,
      this.rate.windowMs,
    );
    await this.maybeSweep(now);
    if (!counted) throw new Error('the submission counter was not written');
    if (counted.count > this.rate.max) {
      await this.counters.settle([counted]);
      throw new SubmissionThrottledError(Math.max(1, Math.ceil((counted.expires - now) / 1000)));
    }
    try {
      return await submit();
    } catch (error) {
      await this.counters.settle([counted]);
      throw error;
    }
  }

  private async maybeSweep(now: number): Promise<void> {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    // Housekeeping must never fail a submission: a sweep that fails is retried next time.
    await this.counters.sweep(now).catch(() => undefined);
  }
}

/** "a minute", "12 minutes", "an hour", "3 hours": when the window ends, rounded up. */
function inWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'a minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}
