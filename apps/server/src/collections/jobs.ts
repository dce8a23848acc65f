import { jobs as definition } from '@airgrid/schema';
import type { CollectionModule } from '../records/collection-module.js';
import { MEMBER } from './role-rules.js';

/**
 * Background jobs (jobs/job-runner.ts): the organization's members watch them (a show's media
 * being read, and later transcodes and captions); only the server creates and changes them.
 */
export const jobs: CollectionModule = {
  definition,
  rules: {
    listRule: MEMBER,
    viewRule: MEMBER,
    createRule: null,
    updateRule: null,
    deleteRule: null,
  },
};
