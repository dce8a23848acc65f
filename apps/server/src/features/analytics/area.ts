import { defineArea } from '../../area.js';
import { scheduleRecurringRun } from '../../jobs/recurring-run.js';
import { GuideRepository } from '../../public-reads/guide-repository.js';
import { AnalyticsRepository } from './analytics-repository.js';
import { analyticsRoutes } from './analytics-routes.js';
import { ScheduleAttribution } from './attribution.js';
import { audienceNow } from './audience-now-collection.js';
import { AudienceService } from './audience-service.js';
import { type Beacon, BeaconIngest, type IngestOptions, type Outcome } from './beacon-ingest.js';
import { AnalyticsRollup, ROLLUP_EVERY_MS, type RollupRun } from './rollup.js';
import { NOW_EVERY_MS, publishViewersNow } from './viewers-now.js';

declare module '../../area.js' {
  interface AreaExposed {
    /** Audience measurement's steps, for tests: flush the buffer, roll up, publish viewers now. */
    analytics: {
      take(beacon: Beacon, address: string): Promise<Outcome>;
      flush(): Promise<number>;
      rollUp(now: number): Promise<RollupRun>;
      publishNow(now: number): Promise<number>;
    };
  }
  interface AreaOptions {
    /** The beacons' limits and buffer (tests lower the limit and write at once). */
    analytics?: IngestOptions;
  }
}

/**
 * First-party audience measurement (issue 41; decision 0052): beacons in, raw events out in
 * bulk, rollups and retention every minute on one node, viewers now every 15 s on one node, and
 * the station's reports.
 */
export const analyticsArea = defineArea({
  name: 'analytics',
  collections: [audienceNow],
  start: ({ database, records, clock, log, options, beforeClose, onClose, expose }) => {
    const repository = new AnalyticsRepository(database.db);
    const attribution = new ScheduleAttribution(new GuideRepository(database.db, database.dialect));
    const ingest = new BeaconIngest(
      { repository, attribution, clock, log },
      options.analytics ?? {},
    );
    // Requests in flight may still add beacons while the server drains: write them at the end.
    beforeClose(async () => {
      await ingest.flush();
    });
    onClose(() => ingest.close());

    const rollup = new AnalyticsRollup(repository, log);
    // The node that rolls up or counts writes its own buffer first (the others' are at most a
    // second old, well within SETTLE_MS; for viewers now, a second late).
    const rollUp = async (now: number) => {
      await ingest.flush();
      return rollup.run(now);
    };
    const publishNow = async (now: number) => {
      await ingest.flush();
      return publishViewersNow(repository, records, now);
    };
    onClose(
      scheduleRecurringRun(
        {
          name: 'analytics rollup',
          checkEveryMs: ROLLUP_EVERY_MS,
          claim: (now) => repository.claimRollup(now, ROLLUP_EVERY_MS),
          run: async (now) => {
            await rollUp(now);
          },
        },
        log,
        clock,
      ),
    );
    onClose(
      scheduleRecurringRun(
        {
          name: 'analytics viewers now',
          checkEveryMs: NOW_EVERY_MS,
          claim: (now) => repository.claimNow(now, NOW_EVERY_MS),
          run: async (now) => {
            await publishNow(now);
          },
        },
        log,
        clock,
      ),
    );
    expose('analytics', {
      take: (beacon, address) => ingest.take(beacon, address),
      flush: () => ingest.flush(),
      rollUp,
      publishNow,
    });

    return {
      routes: [analyticsRoutes({ ingest, audience: new AudienceService(repository, clock) })],
    };
  },
});
