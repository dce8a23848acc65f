import { defineArea } from '../../area.js';
import { playoutPackages } from './playout-packages-collection.js';

/** Channels that air their own schedule: packaging jobs, the live playlist and its segments. */
export const playoutArea = defineArea({
  name: 'playout',
  collections: [playoutPackages],
  start: () => ({}),
});
