import { defineArea } from '../../area.js';
import { ProgrammeReportsRepository } from './programme-reports-repository.js';
import { programmeReportsRoutes } from './programme-reports-routes.js';
import { ProgrammeReportsService } from './programme-reports-service.js';

/** The programme reports of /analytics: reruns, never aired, caption coverage, campaign delivery. */
export const programmeReportsArea = defineArea({
  name: 'programme-reports',
  start: ({ database, clock }) => ({
    routes: [
      programmeReportsRoutes(
        new ProgrammeReportsService(new ProgrammeReportsRepository(database.db), clock),
      ),
    ],
  }),
});
