import { toRecordDate } from '@airgrid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { scheduleRecurringRun } from '../../jobs/recurring-run.js';
import type { LogsRepository } from './logs-repository.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes the request log's lines older than `maxDays` days (LOGS_MAX_DAYS); with 0 (the log
 * off) every line goes. Returns how many went.
 */
export function purgeLogs(logs: LogsRepository, maxDays: number, now: number): Promise<number> {
  return logs.deleteBefore(toRecordDate(now - maxDays * DAY_MS));
}

/**
 * Runs the purge once a day on one node: every node looks each hour, and the one that claims
 * the day's run (a conditional update of `_jobs`) does it; the first look a minute after start.
 */
export function scheduleLogsPurge(
  logs: LogsRepository,
  maxDays: number,
  log: FastifyBaseLogger,
  clock: Clock,
  checkEveryMs = 3600 * 1000,
): () => void {
  return scheduleRecurringRun(
    {
      name: 'logs purge',
      checkEveryMs,
      firstLookAfterMs: 60_000,
      claim: (now) => logs.claim('logs-purge', now, DAY_MS - checkEveryMs / 2),
      run: async (now) => {
        const purged = await purgeLogs(logs, maxDays, now);
        if (purged > 0)
          log.info({ purged }, 'logs: deleted request log lines past their retention');
      },
    },
    log,
    clock,
  );
}
