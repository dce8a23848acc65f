import { isIPv4, isIPv6 } from 'node:net';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors/api-error.js';
import type { LoginAttemptsRepository } from './login-attempts-repository.js';

export const TOO_MANY_LOGIN_FAILURES = 'Too many failed login attempts, please try again later.';

export interface LoginThrottleOptions {
  /** How long a window lasts: an attempt counts until its counter's window ends. */
  windowMs: number;
  /** Attempts on one account per window, from anywhere (spread-out guessing). */
  maxPerIdentity: number;
  /** Attempts on one account from one address per window: the first limit a typist meets. */
  maxPerPair: number;
  /**
   * Attempts from one address per window over all accounts. Higher than the others: an office
   * behind one NAT address shares it, and one person's typos must not lock colleagues out.
   */
  maxPerAddress: number;
  /** How often this process deletes ended windows (and zero counters) from the table. */
  sweepEveryMs: number;
}

const DEFAULT_LOGIN_THROTTLE: Readonly<LoginThrottleOptions> = {
  windowMs: 5 * 60_000,
  maxPerIdentity: 10,
  maxPerPair: 5,
  maxPerAddress: 50,
  sweepEveryMs: 60_000,
};

/** The 429 of a throttled sign-in, with the seconds until it may be tried again. */
export class LoginThrottledError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_LOGIN_FAILURES);
  }
}

type Kind = 'address' | 'identity' | 'pair';

/**
 * Slows down password guessing, across every process that shares the database. Each sign-in
 * first reserves an attempt on three counters in one atomic statement: its account, its
 * address and account together, and its address. If any is then over its limit the attempt
 * is given back and refused with 429 (the password is not compared, so a refused guess learns
 * nothing); otherwise the password is compared. A wrong password keeps its reservation; a
 * success clears the account's and the pair's counters and gives the address its attempt back;
 * any other error gives every attempt back. Because the count is taken before the comparison,
 * parallel guesses cannot all slip through: at most the limit of them are ever compared.
 *
 * Windows are fixed (not sliding): a counter's first attempt starts one, and it ends
 * `windowMs` later, when the counter starts over.
 */
export class LoginThrottle {
  private nextSweep: number;

  constructor(
    private readonly attempts: LoginAttemptsRepository,
    private readonly clock: Clock,
    private readonly options: Readonly<LoginThrottleOptions> = DEFAULT_LOGIN_THROTTLE,
  ) {
    this.nextSweep = clock.now() + options.sweepEveryMs;
  }

  /**
   * Runs a sign-in under the throttle: refuses it with 429 when over a limit, counts a 400
   * (wrong credentials) as a failure, clears the account on success. Other errors do not count.
   */
  async attempt<T>(identity: string, address: string, signIn: () => Promise<T>): Promise<T> {
    const keys = counterKeys(identity, address);
    const now = this.clock.now();
    const counts = await this.attempts.reserve(Object.values(keys), now, this.options.windowMs);
    await this.maybeSweep(now);
    const over = counts.filter((counted) => counted.count > this.limitOf(counted.key));
    if (over.length > 0) {
      await this.attempts.settle(counts);
      const until = Math.max(...over.map((counted) => counted.expires));
      throw new LoginThrottledError(Math.max(1, Math.ceil((until - now) / 1000)));
    }
    let result: T;
    try {
      result = await signIn();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) await this.attempts.settle(counts);
      throw error;
    }
    await this.attempts.settle(
      counts.filter((counted) => counted.key === keys.address),
      [keys.identity, keys.pair],
    );
    return result;
  }

  /** Deletes ended windows and zero counters now (also done every `sweepEveryMs` by attempts). */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    this.nextSweep = now + this.options.sweepEveryMs;
    return this.attempts.sweep(now);
  }

  private async maybeSweep(now: number): Promise<void> {
    if (now < this.nextSweep) return;
    // Housekeeping must never fail a sign-in: a sweep that fails is retried next time.
    await this.sweep().catch(() => undefined);
  }

  private limitOf(key: string): number {
    const limits: Record<Kind, number> = {
      address: this.options.maxPerAddress,
      identity: this.options.maxPerIdentity,
      pair: this.options.maxPerPair,
    };
    return limits[kindOf(key)];
  }
}

const PREFIXES: Record<Kind, string> = { address: 'a:', identity: 'i:', pair: 'p:' };

function kindOf(key: string): Kind {
  if (key.startsWith(PREFIXES.address)) return 'address';
  if (key.startsWith(PREFIXES.identity)) return 'identity';
  return 'pair';
}

/** The three counters an attempt goes on. Exported for tests. */
export function counterKeys(identity: string, address: string): Record<Kind, string> {
  const who = identityKey(identity);
  const where = addressKey(address);
  return {
    address: `${PREFIXES.address}${where}`,
    identity: `${PREFIXES.identity}${who}`,
    pair: `${PREFIXES.pair}${where} ${who}`,
  };
}

// Emails are unique case-insensitively, so "Ann@x.org" and "ann@x.org" are one identity.
function identityKey(identity: string): string {
  return identity.trim().toLowerCase();
}

/**
 * The address as the throttle counts it: IPv4 as it is (also when IPv4-mapped), IPv6 by its
 * /64 network, since one subscriber usually holds a whole /64 and could rotate through it.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const bare = address.split('%')[0] ?? '';
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = bare.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  const groups = tail === undefined ? left : [...left, ...zeros, ...right];
  const network = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${network.join(':')}::/64`;
}
