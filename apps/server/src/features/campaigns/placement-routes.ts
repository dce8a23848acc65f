import { channelBreaks } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { memberOrganizationOf } from '../../request-types.js';
import type { PlacementService } from './placement-service.js';

const NO_CHANNEL = 'The requested resource wasn’t found.';

/**
 * GET /api/v1/channels/{channel}/breaks?from=&to=: a channel's breaks and the spots placed in
 * them, for members of its station (another station's channel is a 404, as a missing one).
 */
export function placementRoutes(service: PlacementService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      channelBreaks,
      async ({ params, query }, request) => {
        const read = await service.breaksOf(
          memberOrganizationOf(request.auth),
          params.channel,
          query.from,
          query.to,
        );
        if (!read) throw new ApiError(404, NO_CHANNEL);
        return read;
      },
      {
        authorize: (request) => {
          if (!request.auth) throw new ApiError(401, 'Sign in to see the station’s breaks.');
        },
      },
    );
  };
}
