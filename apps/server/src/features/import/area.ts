import { defineArea } from '../../area.js';
import { importRoutes } from './import-routes.js';
import { ImportService } from './import-service.js';

/** The schedule's CSV import. */
export const importArea = defineArea({
  name: 'import',
  start: ({ records }) => ({ routes: [importRoutes(new ImportService(records))] }),
});
