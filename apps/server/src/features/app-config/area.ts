import { defineArea } from '../../area.js';
import { appConfigRoutes } from './app-config-routes.js';
import { PublicOrganizationRepository } from './public-organization-repository.js';

/** The app's configuration and the public station directory (/api/v1/app-config, /stations). */
export const appConfigArea = defineArea({
  name: 'app-config',
  start: ({ database, config, currentSlugOf }) => ({
    routes: [
      appConfigRoutes({
        organizations: new PublicOrganizationRepository(database.db),
        feedbackUrl: config.feedbackUrl,
        currentSlugOf,
      }),
    ],
  }),
});
