import { submissions as submissionsDefinition } from '@airgrid/schema';
import type { CollectionModule } from './collection-module.js';
import { EDITOR, MEMBER } from './role-rules.js';

/**
 * Submissions (features/submissions/): the form and the review write them, through their
 * routes; staff read them all, a member who submitted signed in reads their own.
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
};
