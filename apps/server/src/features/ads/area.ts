import { ads as adDefinition } from '@airgrid/schema';
import { defineArea } from '../../area.js';
import { adMedia, ads } from './ads-collection.js';
import { sponsors } from './sponsors-collection.js';

/** The spot library (issue 40): sponsors and their spots, each spot's media read by features/media. */
export const adsArea = defineArea({
  name: 'ads',
  collections: [sponsors, ads],
  start: ({ media }) => {
    media.register(adDefinition, adMedia);
    return {};
  },
});
