import { toRecordDate } from '@airgrid/domain';
import { submissions } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { SubmissionsRepository } from './submissions-repository.js';

/**
 * A file submission whose file has not all arrived a day after the form is let go: its
 * unfinished upload is deleted after a day too (uploads/), so nothing could finish it.
 * Staff never heard of it (a file submission is announced when its last byte is in).
 */
export const ABANDONED_AFTER_MS = 24 * 3600 * 1000;
/** How often abandoned submissions are looked for. */
const SWEEP_EVERY_MS = 3600 * 1000;

/** Deletes the file submissions abandoned before now; returns how many went. */
export async function deleteAbandonedSubmissions(
  records: RecordService,
  repository: SubmissionsRepository,
  now: number,
): Promise<number> {
  const ids = await repository.abandoned(toRecordDate(now - ABANDONED_AFTER_MS));
  for (const id of ids) await records.delete(submissions.name, id, serverRequest('DELETE'));
  return ids.length;
}

/** Looks for abandoned submissions every hour on this process; returns the stop. */
export function scheduleAbandonedSweep(
  records: RecordService,
  repository: SubmissionsRepository,
  clock: Clock,
  log: FastifyBaseLogger,
): () => void {
  const timer = setInterval(() => {
    deleteAbandonedSubmissions(records, repository, clock.now())
      .then((count) => {
        if (count) log.info({ count }, 'abandoned file submissions deleted');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'abandoned submissions sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
