import { defineArea } from '../../area.js';
import { episodeAudioJob } from './episode-audio-job.js';
import { episodes, podcasts } from './podcasts-collections.js';

/** Podcasts and their episodes; an aired show's audio becomes an episode (a job). */
export const podcastsArea = defineArea({
  name: 'podcasts',
  collections: [podcasts, episodes],
  start: ({ jobs, records, files }) => {
    jobs.register('episode-audio', episodeAudioJob(records, files.storage));
    return {};
  },
});
