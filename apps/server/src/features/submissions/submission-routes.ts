import {
  submissionCreate,
  submissionForm,
  submissionReview,
  submissionRevise,
  submissionStatus,
} from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import type { SubmissionService } from './submission-service.js';
import { SubmissionThrottledError } from './submission-throttle.js';

/** A form's body is small: the show itself comes as a link. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Submissions (decision 0033), through their contracts (packages/schema/src/contracts/
 * submissions.ts):
 * - POST /api/v1/submissions `{ station, title, …, submitterName, submitterEmail, mediaUrl,
 *   licenceAccepted, policyAccepted }`: anyone, five an hour per address (SUBMISSION_RATE_LIMIT,
 *   then 429 with Retry-After); 201 with the private status link;
 * - GET /api/v1/submissions/form/:station: the station, its licence and policy, file limits;
 * - GET /api/v1/submissions/status/:token: what that link shows;
 * - POST /api/v1/submissions/status/:token `{ title, …, mediaUrl | file }`: a new version, when
 *   the station asked for changes or the file is missing; 200, with `upload` for a file;
 * - POST /api/v1/submissions/:id/review `{ decision: approve|reject|changes, note }`: staff.
 * Staff read and delete them through the record API (`submissions`).
 */
export function submissionRoutes(service: SubmissionService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      submissionCreate,
      async ({ body }, request, reply) => {
        const answer = await service
          .submit(body, recordRequest(request), request.ip)
          .catch((error: unknown) => {
            // The error envelope keeps headers set before it: say when to try again.
            if (error instanceof SubmissionThrottledError)
              reply.header('Retry-After', String(error.retryAfterSeconds));
            throw error;
          });
        return reply.code(201).send(answer);
      },
      { bodyLimit: FORM_BODY_LIMIT },
    );
    registerEndpoint(app, submissionForm, ({ params }) => service.form(params.station));
    registerEndpoint(app, submissionStatus, ({ params }) => service.statusOf(params.token));
    registerEndpoint(
      app,
      submissionRevise,
      ({ params, body }) => service.revise(params.token, body),
      {
        bodyLimit: FORM_BODY_LIMIT,
        // An unknown link, or one that takes no new version, is told so before the body is read.
        authorize: (request) =>
          service.requireRevisable(String((request.params as { token?: unknown }).token)),
      },
    );
    registerEndpoint(
      app,
      submissionReview,
      ({ params, body }, request) => service.review(params.id, body, recordRequest(request)),
      { authorize: (request) => service.requireStaff(recordRequest(request)) },
    );
  };
}
