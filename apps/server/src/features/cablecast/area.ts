import { defineArea } from '../../area.js';
import { createGuardedFetch } from '../../outbound/guarded-fetch.js';
import { cablecastConnections, cablecastSyncs } from './cablecast-collections.js';
import { cablecastRoutes } from './cablecast-routes.js';
import { CablecastService } from './cablecast-service.js';
import { CablecastSync, type CablecastSyncOptions } from './cablecast-sync.js';
import { CablecastSyncRepository } from './cablecast-sync-repository.js';
import { scheduleCablecastSyncs } from './cablecast-sync-schedule.js';
import { CablecastSyncService } from './cablecast-sync-service.js';
import { SecretBox } from './secret-box.js';

declare module '../../area.js' {
  interface AreaOptions {
    /** Requests to Cablecast servers (tests shorten the timeout and the schedule). */
    cablecast?: CablecastSyncOptions;
  }
}

/** A station's Cablecast server (issue 19): the connection, its test, and the sync as jobs. */
export const cablecastArea = defineArea({
  name: 'cablecast',
  collections: [cablecastConnections, cablecastSyncs],
  start: ({ config, database, records, secret, clock, notifier, log, jobs, options, onClose }) => {
    const box = new SecretBox(secret, 'cablecast credentials');
    const repository = new CablecastSyncRepository(database.db);
    // Every request to a station's Cablecast server goes through the outbound guard: never into
    // this server's network unless the operator allowed it (docs/security.md).
    const outbound = {
      ...options.cablecast,
      fetch: createGuardedFetch({ allowPrivate: config.cablecastAllowPrivate }),
      allowPrivate: config.cablecastAllowPrivate,
    };
    const sync = new CablecastSync(records, repository, box, clock, notifier, log, outbound);
    jobs.register('cablecast-sync', sync.job());
    const syncs = new CablecastSyncService(records, repository, clock, (job) => jobs.enqueue(job));
    onClose(
      scheduleCablecastSyncs(repository, syncs, log, clock, options.cablecast?.scheduleEveryMs),
    );
    return {
      routes: [cablecastRoutes(new CablecastService(records, box, clock, outbound), syncs)],
    };
  },
});
