import { defineArea } from '../../area.js';
import { autoCaptionsJob } from './auto-captions-job.js';
import { CaptionCoverageRepository } from './caption-coverage-repository.js';
import { captionRoutes } from './caption-routes.js';
import { captions } from './captions-collection.js';
import { speechEngine } from './speech-engines.js';

/** Caption tracks: their editor's API, WebVTT, coverage, and captions made from speech. */
export const captionsArea = defineArea({
  name: 'captions',
  collections: [captions],
  start: ({ config, database, records, files, clock, jobs, auth }) => {
    const speech = speechEngine(config.autoCaptions);
    jobs.register('captions-generate', autoCaptionsJob(records, files.storage, speech));
    return {
      routes: [
        captionRoutes({
          records,
          coverage: new CaptionCoverageRepository(database.db),
          clock,
          speech,
          enqueue: (job) => jobs.enqueue(job),
          verifyFileToken: (token) => auth.verify(token, 'file'),
        }),
      ],
    };
  },
});
