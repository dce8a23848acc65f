import { defineArea } from '../../area.js';
import { streamRoutes } from './stream-routes.js';

/** The test pattern stream a channel without its own stream plays. */
export const streamsArea = defineArea({
  name: 'streams',
  start: ({ clock }) => ({ routes: [streamRoutes(clock)] }),
});
