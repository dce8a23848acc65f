import { defineArea } from '../../area.js';
import { mediaProbeJob, mediaTranscodeJob } from './media-probe-job.js';

/**
 * What a record's media is (ffprobe, and its loudness when asked), and a copy browsers play
 * when it is not one: for every collection an area registered in `Core.media` (shows, spots).
 */
export const mediaArea = defineArea({
  name: 'media',
  start: ({ jobs, records, files, media }) => {
    jobs
      .register(
        'media-probe',
        mediaProbeJob(records, files.storage, media, (job) => jobs.enqueue(job)),
      )
      .register('media-transcode', mediaTranscodeJob(records, files.storage, media));
    return {};
  },
});
