import type { FastifyInstance } from 'fastify';
import { readBody } from '../../http/request-body.js';
import { recordRequest } from '../../http/request-context.js';
import type { SubmissionService } from './submission-service.js';
import { SubmissionThrottledError } from './submission-throttle.js';

/** A form's body is small: the show itself comes as a link. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Submissions (decision 0033):
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
    app.post('/api/v1/submissions', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const answer = await service
        .submit(await readBody(request), recordRequest(request), request.ip)
        .catch((error: unknown) => {
          // The error envelope keeps headers set before it: say when to try again.
          if (error instanceof SubmissionThrottledError)
            reply.header('Retry-After', String(error.retryAfterSeconds));
          throw error;
        });
      return reply.code(201).send(answer);
    });
    app.get<{ Params: { station: string } }>('/api/v1/submissions/form/:station', async (request) =>
      service.form(request.params.station),
    );
    app.get<{ Params: { token: string } }>('/api/v1/submissions/status/:token', async (request) =>
      service.statusOf(request.params.token),
    );
    app.post<{ Params: { token: string } }>(
      '/api/v1/submissions/status/:token',
      { bodyLimit: FORM_BODY_LIMIT },
      async (request) => service.revise(request.params.token, await readBody(request)),
    );
    app.post<{ Params: { id: string } }>('/api/v1/submissions/:id/review', async (request) =>
      service.review(request.params.id, await readBody(request), recordRequest(request)),
    );
  };
}
