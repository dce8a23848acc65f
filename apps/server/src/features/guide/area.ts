import { defineArea } from '../../area.js';
import { GuideRepository } from '../../public-reads/guide-repository.js';
import { guideRoutes } from './guide-routes.js';

/** The TV guide's window of airings (GET /api/v1/guide), for the guide, watch page and embeds. */
export const guideArea = defineArea({
  name: 'guide',
  start: ({ database, publicReads }) => ({
    routes: [guideRoutes(new GuideRepository(database.db, database.dialect), publicReads)],
  }),
});
