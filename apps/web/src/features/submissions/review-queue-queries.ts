import type { SubmissionDecision, SubmissionRecord } from '@airgrid/schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { watchCollection } from '../../lib/realtime';
import { submissionKeys as sharedSubmissionKeys } from '../../shared/submissions/waiting-submissions';
import { type SubmissionsView, submissionsFilter } from './review-queue-model';

// The review queue's data (/shows/submissions): the station's submissions a view at a time,
// the decision, the file to preview, and live news of new ones.

/** The review queue's keys: the shared ones (shared/submissions), and a view's list. */
export const submissionKeys = {
  ...sharedSubmissionKeys,
  list: (organization: string, view: SubmissionsView) =>
    ['submissions', 'list', organization, view] as const,
};

/** How many a view lists: the newest first; a station's queue rarely holds more. */
const PER_VIEW = 100;

export const submissionQueries = {
  list: (organization: string, view: SubmissionsView) =>
    queryOptions({
      queryKey: submissionKeys.list(organization, view),
      queryFn: () =>
        pb.collection('submissions').getList<SubmissionRecord>(1, PER_VIEW, {
          filter: submissionsFilter(view),
          sort: view === 'waiting' ? 'created' : '-updated',
        }),
      placeholderData: keepPreviousData,
      enabled: organization !== '',
    }),
};

/** Approve (a show is made), reject or ask for changes, with the note mailed to the producer. */
export function reviewSubmission(id: string, decision: SubmissionDecision, note: string) {
  return callEndpoint(pb, 'POST /api/v1/submissions/:id/review', {
    params: { id },
    body: { decision, note },
  });
}

/** Where the submitted file plays from, with a file token (it is private to staff). */
export function submissionMediaUrl(submission: SubmissionRecord, token: string): string {
  return submission.media ? pb.files.getURL(submission, submission.media, { token }) : '';
}

/** Calls `onChange` for every submission created, changed or deleted; returns the stop. */
export function watchSubmissions(onChange: () => void): () => void {
  return watchCollection('submissions', onChange);
}
