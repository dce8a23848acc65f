import { bucketStart, FIVE_MINUTES_MS, HOUR_MS, settledBuckets } from '@airgrid/domain';
import { ANALYTICS_BEAT_SEC, ANALYTICS_RETENTION } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsRepository, RollupTable } from './analytics-repository.js';
import { attributeFromAsRun } from './attribution.js';

// The rollups and the retention (decision 0052): every minute, on one node, each bucket that
// closed long enough ago is attributed (a playout channel's, from its as-run log) and rolled
// up; then what is past its retention is deleted.

/** How often one node rolls up. */
export const ROLLUP_EVERY_MS = 60_000;
/**
 * A bucket is rolled up this long after it closes: every node's buffer has been written (a
 * second) and the as-run log has recorded its minute (it runs every minute).
 */
const SETTLE_MS = 2 * 60_000;
/** Buckets one run rolls up at most (a day of five-minute ones; more wait for the next run). */
const MAX_BUCKETS_PER_RUN = 288;
const DAY_MS = 86_400_000;

const GRAINS: readonly { name: string; table: RollupTable; sizeMs: number }[] = [
  { name: '5m', table: '_analytics_5m', sizeMs: FIVE_MINUTES_MS },
  { name: '1h', table: '_analytics_1h', sizeMs: HOUR_MS },
];

/** What one run did. */
export interface RollupRun {
  fiveMinute: number;
  hourly: number;
  deleted: number;
}

export class AnalyticsRollup {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Rolls up what settled by `now` and applies the retention (one run at a time on a node). */
  run(now: number): Promise<RollupRun> {
    const run = this.#queue.then(() => this.runNow(now));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  private async runNow(now: number): Promise<RollupRun> {
    const { repository } = this;
    const counts: number[] = [];
    for (const { name, table, sizeMs } of GRAINS) {
      let next = await repository.next(name);
      if (next === undefined) {
        const first = await repository.firstEventAt();
        next = bucketStart(first ?? now - SETTLE_MS, sizeMs);
      }
      // The hour is rolled up from raw events once all its five-minute buckets were attributed.
      const ready = name === '1h' ? Math.min(now, (await repository.next('5m')) ?? 0) : now;
      const settle = name === '1h' ? 0 : SETTLE_MS;
      const buckets = settledBuckets(next, ready, sizeMs, settle, MAX_BUCKETS_PER_RUN);
      for (const bucket of buckets) {
        if (name === '5m') await attributeFromAsRun(repository, bucket, bucket + sizeMs);
        await repository.rollUp(table, bucket, sizeMs, ANALYTICS_BEAT_SEC);
        await repository.setNext(name, bucket + sizeMs);
      }
      counts.push(buckets.length);
    }
    const [fiveMinute = 0, hourly = 0] = counts;
    let deleted = await repository.deleteEventsBefore(now - ANALYTICS_RETENTION.rawDays * DAY_MS);
    deleted += await repository.deleteRollupsBefore(
      '_analytics_5m',
      now - ANALYTICS_RETENTION.fiveMinuteDays * DAY_MS,
    );
    // Stations deleted since: once an hour is enough.
    if (hourly > 0) deleted += await repository.deleteOrphans();
    if (fiveMinute + hourly + deleted > 0)
      this.log.debug({ fiveMinute, hourly, deleted }, 'analytics rolled up');
    return { fiveMinute, hourly, deleted };
  }
}
