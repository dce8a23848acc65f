import { defineArea } from '../../area.js';
import { GuideRepository } from '../../public-reads/guide-repository.js';
import { FEEDS_PATH, feedRoutes } from './feed-routes.js';
import { PodcastFeedRepository } from './podcast-feed-repository.js';
import { PodcastFeedService } from './podcast-feed-service.js';

/** The standard feeds: XMLTV, M3U, iCalendar and podcast RSS. */
export const feedsArea = defineArea({
  name: 'feeds',
  start: ({ database, config, clock, publicReads, currentSlugOf, files }) => ({
    routes: [
      feedRoutes({
        guide: new GuideRepository(database.db, database.dialect),
        appUrl: config.appUrl,
        clock,
        publicReads,
        currentSlugOf,
        podcasts: new PodcastFeedService(new PodcastFeedRepository(database.db), files.storage, {
          appUrl: config.appUrl,
          basePath: FEEDS_PATH,
          clock,
        }),
      }),
    ],
  }),
});
