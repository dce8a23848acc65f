import { submissions as submissionsDefinition } from '@airgrid/schema';
import { EDITOR, MEMBER } from '../../collections/role-rules.js';
import { enqueueJob, type NewJob } from '../../jobs/job-queue-repository.js';
import type { CollectionModule, HookContext } from '../../records/collection-module.js';

/** Queues one of the submission's background jobs in the write's transaction. */
async function queue(kind: NewJob['kind'], id: string, organization: string, context: HookContext) {
  const job = await enqueueJob(
    context.trx,
    { organization, kind, target: `submissions/${id}` },
    context.now,
  );
  await context.changed('jobs', job);
}

/**
 * Submissions (features/submissions/): the form and the review write them, through their
 * routes; staff read them all, a member who submitted signed in reads their own. A file that
 * arrives is read by ffprobe for the review queue (`submission-probe`); an approval hands it
 * to the show it made (`submission-media`).
 */
export const submissions: CollectionModule = {
  definition: submissionsDefinition,
  rules: {
    listRule: `${MEMBER} && (${EDITOR} || submitter = @request.auth.id)`,
    viewRule: `${MEMBER} && (${EDITOR} || submitter = @request.auth.id)`,
    createRule: null,
    updateRule: null,
    deleteRule: `${MEMBER} && ${EDITOR}`,
  },
  hooks: {
    beforeUpdate: async (values, existing, context) => {
      const id = String(existing.id);
      const organization = String(existing.organization);
      if (values.media && values.media !== existing.media) {
        values.mediaInfo = {};
        await queue('submission-probe', id, organization, context);
      }
      if (values.show && !existing.show && (values.media ?? existing.media))
        await queue('submission-media', id, organization, context);
    },
  },
};
