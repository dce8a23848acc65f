import type { TokenClaims } from './tokens.js';

// Every API request with a token reads its auth record: on PostgreSQL that is a round trip
// before the request's own query, as much as the query itself for a getOne. A client sends the
// same token many times a second, so this node keeps what it read for a moment
// (docs/decisions/0021-postgres-writes.md):
//
// - an entry lives at most AUTH_CACHE_TTL_MS: the bound on how long a change made elsewhere
//   (another node's password reset, the CLI) goes unseen here;
// - every change to an auth record this node hears of (its own writes, and every node's record
//   events) clears the whole cache at once, so a role change or a new token key applies to the
//   next request;
// - a read that started before a clear is not stored (the generation check), so it cannot
//   bring back what the clear removed.

/** How long a verified token's auth state is reused without reading its record again. */
const AUTH_CACHE_TTL_MS = 1000;
/** Enough for every active session of a busy node; the oldest entries make room. */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  state: T;
  claims: TokenClaims;
  /** When the entry stops being used, on the cache's own clock (monotonic milliseconds). */
  until: number;
}

/** Verified auth states by token, for a moment. */
export class AuthCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  #generation = 0;

  constructor(
    /** Monotonic milliseconds; tests pass their own. Not the app clock, which tests move. */
    private readonly ticks: () => number = () => performance.now(),
    private readonly ttlMs = AUTH_CACHE_TTL_MS,
  ) {}

  /**
   * The state stored for `token`, while fresh and while the token's own expiry (checked on the
   * app's clock, `nowSec`) has not passed; otherwise undefined.
   */
  get(token: string, nowSec: number): T | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= this.ticks() || entry.claims.exp <= nowSec) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.state;
  }

  /** Marks the start of a read: pass the result to {@link set} with the state it read. */
  generation(): number {
    return this.#generation;
  }

  /** Stores a state read since `generation`, unless the cache was cleared meanwhile. */
  set(token: string, claims: TokenClaims, state: T, generation: number): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(token, { state, claims, until: this.ticks() + this.ttlMs });
  }

  /** Forgets everything: an auth record changed (its role, organization or token key). */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
