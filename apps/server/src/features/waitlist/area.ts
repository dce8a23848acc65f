import { defineArea } from '../../area.js';
import { waitlist } from './waitlist-collection.js';
import { WaitlistRepository } from './waitlist-repository.js';
import { waitlistRoutes } from './waitlist-routes.js';
import { WaitlistService } from './waitlist-service.js';

/** People asking for an account (/auth/waitlist): one entry per address, read by superusers. */
export const waitlistArea = defineArea({
  name: 'waitlist',
  collections: [waitlist],
  start: ({ records, database }) => ({
    routes: [waitlistRoutes(new WaitlistService(records, new WaitlistRepository(database.db)))],
  }),
});
