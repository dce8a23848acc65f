/**
 * Submissions one address may send per window, counted per process (docs/security.md's rate
 * limits are too; a honeypot and the size limits are the other defences, no third-party
 * captcha). The least recently seen addresses are forgotten first past `maxAddresses`.
 */
export class SubmissionThrottle {
  readonly #seen = new Map<string, number[]>();

  private readonly limit: number;
  private readonly windowMs: number;

  /** `rate` null: no limit (SUBMISSION_RATE_LIMIT=off). */
  constructor(
    private readonly rate: { max: number; windowMs: number } | null = {
      max: 5,
      windowMs: 3600_000,
    },
    private readonly maxAddresses = 10_000,
  ) {
    this.limit = rate?.max ?? Number.POSITIVE_INFINITY;
    this.windowMs = rate?.windowMs ?? 0;
  }

  /** Whether `address` may submit at `now`. */
  allows(address: string, now: number): boolean {
    return this.rate === null || this.#recent(address, now).length < this.limit;
  }

  /** Counts a submission `address` made at `now`. */
  count(address: string, now: number): void {
    if (this.rate === null) return;
    const recent = this.#recent(address, now);
    recent.push(now);
    // Re-inserted, so the Map's order is least recently seen first.
    this.#seen.delete(address);
    this.#seen.set(address, recent);
    if (this.#seen.size > this.maxAddresses) {
      const oldest = this.#seen.keys().next().value;
      if (oldest !== undefined) this.#seen.delete(oldest);
    }
  }

  #recent(address: string, now: number): number[] {
    return (this.#seen.get(address) ?? []).filter((at) => at > now - this.windowMs);
  }
}
