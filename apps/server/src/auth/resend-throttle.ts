import type { Clock } from '../clock.js';

/** PocketBase waits 2 minutes before it sends a record another reset or verification mail. */
export const RESEND_INTERVAL_MS = 2 * 60_000;

/**
 * Remembers which mails were sent recently, so asking again within the interval sends nothing
 * (the endpoint still answers 204). In memory: one server process.
 */
export class ResendThrottle {
  // Key → when it may be sent again. Insertion order is expiry order (one fixed interval).
  private readonly until = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly intervalMs = RESEND_INTERVAL_MS,
  ) {}

  /** True, and starts the interval, when a mail for this key may go out now. */
  tryStart(key: string): boolean {
    const now = this.clock.now();
    this.sweep(now);
    if ((this.until.get(key) ?? 0) > now) return false;
    this.until.delete(key);
    this.until.set(key, now + this.intervalMs);
    return true;
  }

  /** Forgets a key: after a failed send, or once its flow is done. */
  clear(key: string): void {
    this.until.delete(key);
  }

  get size(): number {
    return this.until.size;
  }

  private sweep(now: number): void {
    for (const [key, until] of this.until) {
      if (until > now) break;
      this.until.delete(key);
    }
  }
}
