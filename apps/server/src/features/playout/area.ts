import { defineArea } from '../../area.js';
import { scheduleRecurringRun } from '../../jobs/recurring-run.js';
import { GuideRepository } from '../../public-reads/guide-repository.js';
import { asRun } from './as-run-collection.js';
import { AsRunRecorder, RECORD_EVERY_MS } from './as-run-recorder.js';
import { AsRunRepository } from './as-run-repository.js';
import { asRunRoutes } from './as-run-routes.js';
import { playoutPackages } from './playout-packages-collection.js';
import { playoutPackageJob, playoutSlateJob, reconcile } from './playout-packaging.js';
import { PlayoutReadiness, scheduleReadinessNotices } from './playout-readiness.js';
import { PlayoutRepository } from './playout-repository.js';
import { playoutRoutes } from './playout-routes.js';
import { PlayoutService } from './playout-service.js';
import { scheduleSweeps } from './playout-sweep.js';

declare module '../../area.js' {
  interface AreaExposed {
    /** The as-run log's recorder (tests record up to an instant instead of waiting a minute). */
    asRun: Pick<AsRunRecorder, 'record'>;
  }
}

/** Collections whose changes may call for packaging (a campaign: its spots were placed). */
const WATCHED = new Set(['channels', 'shows', 'timeslots', 'ads', 'campaigns']);
/** Changes are gathered this long before one look at what needs packaging. */
const RECONCILE_DELAY_MS = 1000;
/** The safety net: every node looks this often (one wins each run). */
const RECONCILE_EVERY_MS = 10 * 60_000;

/** Channels that air their own schedule: packaging jobs, the live playlist and its segments. */
export const playoutArea = defineArea({
  name: 'playout',
  collections: [playoutPackages, asRun],
  start: ({
    config,
    database,
    records,
    files,
    clock,
    jobs,
    log,
    notifier,
    publicReads,
    onClose,
    expose,
  }) => {
    const repository = new PlayoutRepository(database.db);
    const guide = new GuideRepository(database.db, database.dialect);
    const service = new PlayoutService(repository, guide, clock);
    const readiness = new PlayoutReadiness(repository, guide, clock);
    const deps = {
      repository,
      records,
      storage: files.storage,
      clock,
      enqueue: (job: Parameters<typeof jobs.enqueue>[0]) => jobs.enqueue(job),
    };
    jobs.register('playout-package', playoutPackageJob(deps), 'bulk');
    jobs.register('playout-slate', playoutSlateJob(deps), 'bulk');

    const pending = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    const lookSoon = (organization: string) => {
      pending.add(organization);
      timer ??= setTimeout(() => {
        timer = undefined;
        const organizations = [...pending];
        pending.clear();
        void (async () => {
          for (const organization of organizations) await reconcile(deps, organization);
        })().catch((error: unknown) => log.warn({ err: error }, 'playout packaging look failed'));
      }, RECONCILE_DELAY_MS);
    };
    onClose(() => clearTimeout(timer));
    onClose(scheduleSweeps({ repository, records, storage: files.storage }, log, clock));
    onClose(
      scheduleRecurringRun(
        {
          name: 'playout packaging look',
          checkEveryMs: RECONCILE_EVERY_MS,
          firstLookAfterMs: 30_000,
          claim: (now) => repository.claimReconcile(now, RECONCILE_EVERY_MS),
          run: async () => {
            const queued = await reconcile(deps);
            if (queued > 0) log.info({ queued }, 'playout packaging queued');
          },
        },
        log,
        clock,
      ),
    );

    if (config.playoutReadinessNoticeHours > 0) {
      onClose(
        scheduleReadinessNotices(
          {
            readiness,
            repository,
            notifier,
            aheadMs: config.playoutReadinessNoticeHours * 3_600_000,
          },
          log,
          clock,
        ),
      );
    }

    const asRunLog = new AsRunRepository(database.db);
    const recorder = new AsRunRecorder({
      asRun: asRunLog,
      playout: repository,
      service,
      records,
      log,
    });
    expose('asRun', recorder);
    onClose(
      scheduleRecurringRun(
        {
          name: 'as-run recording',
          checkEveryMs: RECORD_EVERY_MS,
          claim: (now) => asRunLog.claimRecording(now, RECORD_EVERY_MS),
          run: async (now) => {
            await recorder.record(now);
          },
        },
        log,
        clock,
      ),
    );

    return {
      routes: [
        playoutRoutes({
          service,
          readiness,
          repository,
          publicReads,
          storage: files.storage,
          clock,
        }),
        asRunRoutes({ asRun: asRunLog, playout: repository }),
      ],
      observe(events) {
        for (const event of events) {
          const organization = event.record.organization;
          if (WATCHED.has(event.collection) && typeof organization === 'string' && organization) {
            lookSoon(organization);
          }
        }
      },
    };
  },
});
