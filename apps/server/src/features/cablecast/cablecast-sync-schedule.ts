import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { CablecastSyncRepository } from './cablecast-sync-repository.js';
import type { CablecastSyncService } from './cablecast-sync-service.js';

/** How often each node looks for a scheduled sync that is due. */
const LOOK_EVERY_MS = 60_000;

/**
 * The scheduled syncs ("every N minutes"): each node looks once a minute for connections whose
 * next sync is due; the one whose conditional update moves `nextSyncAt` on queues the run, and
 * the job queue gives it to one node. Answers how to stop looking.
 */
export function scheduleCablecastSyncs(
  repository: CablecastSyncRepository,
  syncs: CablecastSyncService,
  log: FastifyBaseLogger,
  clock: Clock,
  everyMs = LOOK_EVERY_MS,
): () => void {
  const look = async () => {
    try {
      const now = clock.now();
      for (const due of await repository.dueConnections(now)) {
        const next = now + due.syncEveryMinutes * 60_000;
        if (await repository.claimDue(due.id, due.nextSyncAt, next))
          await syncs.request(due.organization, 'schedule');
      }
    } catch (error) {
      log.error({ err: error }, 'queueing the scheduled Cablecast syncs failed');
    }
  };
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
