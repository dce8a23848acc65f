import { defineArea } from '../../area.js';
import { publicPageRoutes } from './public-page-routes.js';

/** The public pages rendered on the server (guide, watch page) for guests and crawlers. */
export const publicPagesArea = defineArea({
  name: 'public-pages',
  start: ({ config, publicReads, clock, currentSlugOf }) => ({
    routes: [publicPageRoutes({ webDist: config.webDist, publicReads, clock, currentSlugOf })],
  }),
});
