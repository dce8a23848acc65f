import type { Clock } from '../clock.js';
import { ApiError } from '../http/api-error.js';

export const TOO_MANY_LOGIN_FAILURES = 'Too many failed login attempts, please try again later.';

export interface LoginThrottleOptions {
  /** How long a failure counts. */
  windowMs: number;
  /** Failures one identity may have within the window; the next attempt is refused. */
  maxPerIdentity: number;
  /** Failures one client address may have within the window, over all identities. */
  maxPerAddress: number;
  /** Keys kept at most; the oldest are forgotten first, so a flood cannot exhaust memory. */
  maxKeys: number;
}

export const DEFAULT_LOGIN_THROTTLE: Readonly<LoginThrottleOptions> = {
  windowMs: 5 * 60_000,
  maxPerIdentity: 5,
  maxPerAddress: 20,
  maxKeys: 100_000,
};

/** Failure times per key within a sliding window; at most `limit` kept per key. */
class FailureLog {
  // Map order is insertion order: the first key is the one that failed longest ago.
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** Milliseconds until this key may try again; 0 when it may now. */
  blockedFor(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    // Stored times are capped at `limit`, so the first is the one that must age out.
    return (recent[0] ?? now) + this.windowMs - now;
  }

  add(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    if (recent.length > this.limit) recent.splice(0, recent.length - this.limit);
    this.failures.delete(key);
    this.failures.set(key, recent);
    while (this.failures.size > this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  /** Forgets every key whose failures have all aged out. */
  sweep(now: number): void {
    for (const [key, times] of this.failures) {
      const last = times[times.length - 1];
      if (last === undefined || now - last >= this.windowMs) this.failures.delete(key);
    }
  }

  get size(): number {
    return this.failures.size;
  }

  private recent(key: string, now: number): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    const kept = times.filter((time) => now - time < this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else if (kept.length !== times.length) this.failures.set(key, kept);
    return kept;
  }
}

/**
 * Slows down password guessing: after too many failed sign-ins for one identity, or from one
 * client address, within a sliding window, further attempts get 429 (without checking the
 * password, so a throttled guess learns nothing) until the oldest failure ages out. A success
 * clears the identity's failures. In memory: one server process.
 */
export class LoginThrottle {
  private readonly identities: FailureLog;
  private readonly addresses: FailureLog;
  private lastSweep: number;

  constructor(
    private readonly clock: Clock,
    private readonly options: Readonly<LoginThrottleOptions> = DEFAULT_LOGIN_THROTTLE,
  ) {
    this.identities = new FailureLog(options.maxPerIdentity, options.windowMs, options.maxKeys);
    this.addresses = new FailureLog(options.maxPerAddress, options.windowMs, options.maxKeys);
    this.lastSweep = clock.now();
  }

  /** Milliseconds until this identity may try again from this address; 0 when it may now. */
  blockedFor(identity: string, address: string): number {
    const now = this.clock.now();
    return Math.max(
      this.identities.blockedFor(identityKey(identity), now),
      this.addresses.blockedFor(address, now),
    );
  }

  recordFailure(identity: string, address: string): void {
    const now = this.clock.now();
    this.identities.add(identityKey(identity), now);
    this.addresses.add(address, now);
    if (now - this.lastSweep >= this.options.windowMs) {
      this.identities.sweep(now);
      this.addresses.sweep(now);
      this.lastSweep = now;
    }
  }

  recordSuccess(identity: string): void {
    this.identities.clear(identityKey(identity));
  }

  /**
   * Runs a sign-in under the throttle: refuses it with 429 while blocked, counts a 400 (wrong
   * credentials) as a failure and clears the identity on success. Other errors do not count.
   */
  async attempt<T>(identity: string, address: string, signIn: () => Promise<T>): Promise<T> {
    if (this.blockedFor(identity, address) > 0) throw new ApiError(429, TOO_MANY_LOGIN_FAILURES);
    let result: T;
    try {
      result = await signIn();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) this.recordFailure(identity, address);
      throw error;
    }
    this.recordSuccess(identity);
    return result;
  }

  /** How many identities and addresses are remembered (for tests and metrics). */
  get size(): { identities: number; addresses: number } {
    return { identities: this.identities.size, addresses: this.addresses.size };
  }
}

// Emails are unique case-insensitively, so "Ann@x.org" and "ann@x.org" are one identity.
function identityKey(identity: string): string {
  return identity.trim().toLowerCase();
}
