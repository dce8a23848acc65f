import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';

/** A job every node looks for on a timer and exactly one node runs each period. */
export interface RecurringRun {
  /** What the log calls it when a run fails. */
  name: string;
  /** How often each node looks. */
  checkEveryMs: number;
  /** The first look after start; none before the first interval when absent. */
  firstLookAfterMs?: number;
  /** Claims this period's run for this node (`claimRecurringRun` through the area's repository). */
  claim(now: number): Promise<boolean>;
  /** The work, on the node that claimed it; it logs what it did. */
  run(now: number): Promise<void>;
}

/**
 * Starts looking for a recurring run (the daily archive and log purges, the equipment
 * reminders): each look claims the period's run and, when this node wins it, runs it. A failed
 * run is logged and the next look tries again. The timers never keep the process alive.
 * Answers how to stop.
 */
export function scheduleRecurringRun(
  job: RecurringRun,
  log: FastifyBaseLogger,
  clock: Clock,
): () => void {
  const look = () => {
    const now = clock.now();
    job
      .claim(now)
      .then((mine) => (mine ? job.run(now) : undefined))
      .catch((error: unknown) => log.warn({ err: error }, `${job.name} failed`));
  };
  const first =
    job.firstLookAfterMs === undefined ? undefined : setTimeout(look, job.firstLookAfterMs);
  const timer = setInterval(look, job.checkEveryMs);
  first?.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
