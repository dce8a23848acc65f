import type { EndpointInput, Endpoints } from '@airgrid/schema/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// The public submission form's reads and its one write (decision 0033): the station's form
// (texts and file limits), the submission itself, and what a private status link shows.

type SubmissionBody = EndpointInput<Endpoints['POST /api/v1/submissions']>['body'];
type RevisionBody = NonNullable<
  EndpointInput<Endpoints['POST /api/v1/submissions/status/:token']>['body']
>;

export const submissionKeys = {
  all: ['submissions'] as const,
  form: (station: string) => ['submissions', 'form', station] as const,
  status: (token: string) => ['submissions', 'status', token] as const,
};

/** A 404 stays a 404: no retry. */
const retryUnlessMissing = (count: number, error: unknown) =>
  (error as { status?: number }).status !== 404 && count < 1;

export const submissionQueries = {
  form: (station: string) =>
    queryOptions({
      queryKey: submissionKeys.form(station),
      queryFn: () =>
        callEndpoint(
          pb,
          'GET /api/v1/submissions/form/:station',
          { params: { station } },
          { requestKey: null },
        ),
      enabled: station !== '',
      staleTime: 5 * 60_000,
      retry: retryUnlessMissing,
    }),
  status: (token: string) =>
    queryOptions({
      queryKey: submissionKeys.status(token),
      queryFn: () =>
        callEndpoint(
          pb,
          'GET /api/v1/submissions/status/:token',
          { params: { token } },
          { requestKey: null },
        ),
      enabled: token !== '',
      retry: retryUnlessMissing,
    }),
};

/** Sends the form (a member signed in submits as themselves: the SDK sends their token). */
export function createSubmission(body: SubmissionBody) {
  return callEndpoint(pb, 'POST /api/v1/submissions', { body }, { requestKey: null });
}

/** Sends a new version through the status link (when changes were asked, or the file is missing). */
export function reviseSubmission(token: string, body: RevisionBody) {
  return callEndpoint(
    pb,
    'POST /api/v1/submissions/status/:token',
    { params: { token }, body },
    { requestKey: null },
  );
}
