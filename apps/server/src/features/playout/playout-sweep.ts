import { MAX_DURATION_SEC } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { FileStorage } from '../../files/file-storage.js';
import { scheduleRecurringRun } from '../../jobs/recurring-run.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import { packagePrefix } from './playout-packaging.js';
import type { PackageRow, PlayoutRepository } from './playout-repository.js';

// Packages nothing can air any more, deleted with their segments once a day on one node
// (decision 0044): a package superseded by a newer one of the same media (a new upload, a new
// slate) long enough ago that no timeslot that began with it is still on air and no gap still
// plays it (a slot lasts at most a week; a gap's fill is chosen again at each UTC midnight), and
// segments whose package was never created (a node that died while storing them).

const DAY_MS = 86_400_000;
/** A superseded package stays this long after its successor was made. */
const KEEP_SUPERSEDED_MS = MAX_DURATION_SEC * 1000 + DAY_MS;
/** Segments younger than this may belong to a package being stored right now. */
const ORPHAN_MIN_AGE_MS = 3_600_000;

const DELETE = serverRequest('DELETE');

/**
 * The packages superseded for long enough at `now`: of each media's packages in a profile
 * (a show's, a spot's, or a channel's slates), every one whose next newer one was made over
 * KEEP_SUPERSEDED_MS ago. The newest of each always stays.
 */
export function supersededPackages(packages: readonly PackageRow[], now: number): PackageRow[] {
  const groups = new Map<string, PackageRow[]>();
  for (const pkg of packages) {
    const holder = pkg.show ? `show:${pkg.show}` : pkg.ad ? `ad:${pkg.ad}` : `slate:${pkg.channel}`;
    const key = `${holder}|${pkg.profile}`;
    const group = groups.get(key) ?? [];
    group.push(pkg);
    groups.set(key, group);
  }
  const gone: PackageRow[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
    for (let i = 0; i + 1 < group.length; i++) {
      const next = group[i + 1] as PackageRow;
      if (now - next.created > KEEP_SUPERSEDED_MS) gone.push(group[i] as PackageRow);
    }
  }
  return gone;
}

/** One sweep: superseded packages and orphan segments. Answers how many packages went. */
async function sweepPackages(deps: {
  repository: PlayoutRepository;
  records: RecordService;
  storage: FileStorage;
  now: number;
}): Promise<{ packages: number; orphans: number }> {
  const { repository, records, storage, now } = deps;
  const gone = supersededPackages(await repository.allPackages(), now);
  for (const pkg of gone) {
    await records.delete('playoutPackages', pkg.id, DELETE);
    await storage.deletePrefix(packagePrefix(pkg.id));
  }
  const seen = new Map<string, boolean>();
  let orphans = 0;
  for await (const file of storage.list('playout/')) {
    const id = file.key.split('/')[1] ?? '';
    if (!id || now - file.modified.getTime() < ORPHAN_MIN_AGE_MS) continue;
    let exists = seen.get(id);
    if (exists === undefined) {
      if (seen.size > 10_000) seen.clear();
      exists = await repository.packageExists(id);
      seen.set(id, exists);
    }
    if (!exists) {
      await storage.delete(file.key);
      orphans += 1;
    }
  }
  return { packages: gone.length, orphans };
}

/** Sweeps daily on one node (looked for hourly). Answers how to stop. */
export function scheduleSweeps(
  deps: { repository: PlayoutRepository; records: RecordService; storage: FileStorage },
  log: FastifyBaseLogger,
  clock: Clock,
): () => void {
  return scheduleRecurringRun(
    {
      name: 'playout package sweep',
      checkEveryMs: 3_600_000,
      firstLookAfterMs: 5 * 60_000,
      claim: (now) => deps.repository.claimSweep(now, DAY_MS),
      run: async (now) => {
        const swept = await sweepPackages({ ...deps, now });
        if (swept.packages + swept.orphans > 0) log.info(swept, 'playout packages swept');
      },
    },
    log,
    clock,
  );
}
