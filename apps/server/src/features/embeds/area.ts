import { defineArea } from '../../area.js';
import { EmbedRepository } from './embed-repository.js';
import { embedRoutes } from './embed-routes.js';
import { embeds } from './embeds-collection.js';

/** Widgets for other websites: their settings and the pages that render them. */
export const embedsArea = defineArea({
  name: 'embeds',
  collections: [embeds],
  start: ({ database, config, publicReads }) => ({
    routes: [embedRoutes(new EmbedRepository(database.db), config.webDist, publicReads)],
  }),
});
