import { asRunImportCreate } from '@airgrid/schema/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { memberOrganizationOf } from '../../request-types.js';
import type { AsRunImportService } from './as-run-import-service.js';
import type { PlacementService } from './placement-service.js';

/** Enough for AS_RUN_IMPORT_MAX_LINES lines with long spot titles. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** The station's logs are its own: a guest is asked to sign in. */
function signedIn(request: FastifyRequest): void {
  if (!request.auth) throw new ApiError(401, 'Sign in to import the station’s as-run log.');
}

/**
 * POST /api/v1/channels/{channel}/as-run-imports: an as-run log of the station's own playout,
 * reconciled with the channel's placements; the station is placed again at once, so what was
 * missed is made good in later breaks before the answer.
 */
export function asRunImportRoutes(
  imports: AsRunImportService,
  placement: Pick<PlacementService, 'place'>,
  log: FastifyBaseLogger,
) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      asRunImportCreate,
      async ({ params, body }, request, reply) => {
        const answer = await imports.import(request, params.channel, body);
        const organization = memberOrganizationOf(request.auth);
        try {
          await placement.place(organization);
        } catch (error) {
          // The import is stored; the next change of the station places it again.
          log.warn({ err: error, organization }, 'placement after an as-run import failed');
        }
        return reply.status(201).send(answer);
      },
      { authorize: signedIn, bodyLimit: IMPORT_BODY_LIMIT },
    );
  };
}
