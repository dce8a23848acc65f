import { defineArea } from '../../area.js';
import { mediaProbeJob, mediaTranscodeJob } from './media-probe-job.js';

/** What a show's media is (ffprobe), and a copy browsers play when it is not one. */
export const mediaArea = defineArea({
  name: 'media',
  start: ({ jobs, records, files }) => {
    jobs
      .register(
        'media-probe',
        mediaProbeJob(records, files.storage, (job) => jobs.enqueue(job)),
      )
      .register('media-transcode', mediaTranscodeJob(records, files.storage));
    return {};
  },
});
