import { defineArea } from '../../area.js';
import { canBackup } from '../../db/database-dump.js';
import { healthRoutes } from './health-routes.js';

/** GET /api/health (API-CONTRACT §8.2). */
export const healthArea = defineArea({
  name: 'health',
  start: ({ database }) => ({
    routes: [healthRoutes({ canBackup: canBackup(database) })],
  }),
});
