import { defineArea } from '../../area.js';
import { AffidavitRepository } from './affidavit-repository.js';
import { affidavitRoutes } from './affidavit-routes.js';
import { AffidavitService } from './affidavit-service.js';
import { AiringsRepository } from './airings-repository.js';
import { AiringsService } from './airings-service.js';
import { AsRunImportRepository } from './as-run-import-repository.js';
import { asRunImportRoutes } from './as-run-import-routes.js';
import { AsRunImportService } from './as-run-import-service.js';
import { asRunImports, importedAirings } from './as-run-imports-collection.js';
import { campaigns } from './campaigns-collection.js';
import { PlacementRepository } from './placement-repository.js';
import { placementRoutes } from './placement-routes.js';
import { PlacementService } from './placement-service.js';
import { placements } from './placements-collection.js';

declare module '../../area.js' {
  interface AreaExposed {
    /** Spot placement (tests place a station at once instead of waiting for a change). */
    placement: Pick<PlacementService, 'place'>;
  }
}

/** Changes to these may move a station's breaks or its campaigns' rules: it is placed again. */
const WATCHED = new Set(['campaigns', 'ads', 'channels', 'shows', 'timeslots']);
/** Changes are gathered this long before one placement of the station. */
const PLACE_DELAY_MS = 1000;

/** Campaigns (issue 40): sponsors' flights of spots, placed into the schedule's breaks. */
export const campaignsArea = defineArea({
  name: 'campaigns',
  collections: [campaigns, placements, asRunImports, importedAirings],
  start: ({ database, records, clock, log, onClose, expose }) => {
    const proof = new AiringsRepository(database.db);
    const service = new PlacementService(
      new PlacementRepository(database.db),
      proof,
      records,
      clock,
      log,
    );
    expose('placement', service);
    const airings = new AiringsService(proof, clock);
    const imports = new AsRunImportService(new AsRunImportRepository(database.db), clock);
    const affidavits = new AffidavitService(new AffidavitRepository(database.db), airings, clock);

    const pending = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    const placeSoon = (organization: string) => {
      pending.add(organization);
      timer ??= setTimeout(() => {
        timer = undefined;
        const organizations = [...pending];
        pending.clear();
        void (async () => {
          for (const organization of organizations) await service.place(organization);
        })().catch((error: unknown) => log.warn({ err: error }, 'spot placement failed'));
      }, PLACE_DELAY_MS);
    };
    onClose(() => clearTimeout(timer));

    return {
      routes: [
        placementRoutes(service, airings),
        affidavitRoutes(affidavits),
        asRunImportRoutes(imports, service, log),
      ],
      observe(events) {
        for (const event of events) {
          const organization = event.record.organization;
          if (WATCHED.has(event.collection) && typeof organization === 'string' && organization)
            placeSoon(organization);
        }
      },
    };
  },
});
