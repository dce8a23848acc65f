import { defineArea } from '../../area.js';
import { submissionMediaJob, submissionProbeJob } from './submission-media-jobs.js';
import { submissionRoutes } from './submission-routes.js';
import { SubmissionService } from './submission-service.js';
import { scheduleAbandonedSweep } from './submission-sweep.js';
import { SubmissionThrottle } from './submission-throttle.js';
import { submissions } from './submissions-collection.js';
import { SubmissionsRepository } from './submissions-repository.js';

/** Shows offered by community producers (issue 20): the public form, review, the file. */
export const submissionsArea = defineArea({
  name: 'submissions',
  collections: [submissions],
  start: (core) => {
    const { database, records, files, jobs, clock, log, config } = core;
    jobs
      .register('submission-probe', submissionProbeJob(records, files.storage))
      .register('submission-media', submissionMediaJob(records, files.storage));
    const repository = new SubmissionsRepository(database.db);
    core.onClose(scheduleAbandonedSweep(records, repository, clock, log));
    const service = new SubmissionService(
      records,
      repository,
      new SubmissionThrottle(core.loginAttempts, clock, config.submissionRateLimit),
      core.mailer,
      core.notifier,
      config.appUrl,
      log,
    );
    core.allowGuestUploads(service.guestUploads());
    return { routes: [submissionRoutes(service)] };
  },
});
