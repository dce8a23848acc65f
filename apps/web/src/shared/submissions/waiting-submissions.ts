import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';

// How many submissions wait for staff: the shows page's button says it, the review queue
// (features/submissions) lists them. `all` is the prefix a review invalidates.

export const submissionKeys = {
  all: ['submissions'] as const,
  waiting: (organization: string) => ['submissions', 'waiting', organization] as const,
};

/** The filter of the submissions that wait for a decision: new ones, and revised ones. */
export const WAITING_FILTER = 'status = "pending" || status = "changes"';

/** How many wait for a decision. */
export const waitingSubmissionsQuery = (organization: string) =>
  queryOptions({
    queryKey: submissionKeys.waiting(organization),
    queryFn: async () =>
      (await pb.collection('submissions').getList(1, 1, { filter: WAITING_FILTER, fields: 'id' }))
        .totalItems,
    enabled: organization !== '',
  });
