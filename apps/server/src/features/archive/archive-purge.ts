import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import { ARCHIVE_RETENTION_DAYS, purgeAt, readArchiveRetention } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { scheduleRecurringRun } from '../../jobs/recurring-run.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import { ARCHIVED_COLLECTIONS, type ArchiveRepository } from './archive-repository.js';

const DAY_MS = 24 * 3600 * 1000;
/** Records deleted per collection per run, at most: a backlog goes over several days. */
const MAX_PER_RUN = 2000;
const PAGE = 200;

/** The server deleting on its own behalf: rules pass, hooks and cascades still run. */
const SERVER = serverRequest('DELETE');

/**
 * Deletes for good what each organization has kept archived longer than its retention (90 days
 * unless it set another in /archive/settings). Deletes go through the record engine, so a
 * channel takes its schedule with it, files leave storage, and realtime and the feeds hear of
 * it. Returns how many records went.
 */
export async function purgeArchive(
  archive: ArchiveRepository,
  records: RecordService,
  now: number,
): Promise<number> {
  const settings = await archive.organizationSettings();
  // Nothing younger than the shortest retention can be due: read only older candidates.
  const oldest = toRecordDate(now - ARCHIVE_RETENTION_DAYS.min * DAY_MS);
  let purged = 0;
  for (const collection of [...ARCHIVED_COLLECTIONS, 'organizations'] as const) {
    let seen = 0;
    let after = '';
    while (seen < MAX_PER_RUN) {
      // An archived organization goes whole: its channels, shows and schedule with it.
      const page =
        collection === 'organizations'
          ? await archive.organizationsArchivedBetween(after, oldest, PAGE)
          : await archive.archivedBetween(collection, after, oldest, PAGE);
      for (const record of page) {
        const archivedAt = fromRecordDate(record.archivedAt);
        const days = readArchiveRetention(settings.get(record.organization));
        if (archivedAt === null || purgeAt(archivedAt, days) > now) continue;
        await records.delete(collection, record.id, SERVER);
        purged++;
      }
      seen += page.length;
      if (page.length < PAGE) break;
      // Records kept by a longer retention stay: read on after the last one of this page.
      after = (page.at(-1) as { archivedAt: string }).archivedAt;
    }
  }
  return purged;
}

/**
 * Runs the purge once a day on one node: every node looks each hour, and the one that claims
 * the day's run (a conditional update of `_jobs`) does it; the first look a minute after start.
 */
export function scheduleArchivePurge(
  archive: ArchiveRepository,
  records: RecordService,
  log: FastifyBaseLogger,
  clock: Clock,
  checkEveryMs = 3600 * 1000,
): () => void {
  return scheduleRecurringRun(
    {
      name: 'archive purge',
      checkEveryMs,
      firstLookAfterMs: 60_000,
      claim: (now) => archive.claim('archive-purge', now, DAY_MS - checkEveryMs / 2),
      run: async (now) => {
        const purged = await purgeArchive(archive, records, now);
        if (purged > 0) log.info({ purged }, 'archive: deleted records past their retention');
      },
    },
    log,
    clock,
  );
}
