import { defineArea } from '../../area.js';
import { campaigns } from './campaigns-collection.js';
import { placements } from './placements-collection.js';

/** Campaigns (issue 40): sponsors' flights of spots, placed into the schedule's breaks. */
export const campaignsArea = defineArea({
  name: 'campaigns',
  collections: [campaigns, placements],
  start: () => ({}),
});
