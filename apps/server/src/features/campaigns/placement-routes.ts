import { csvText } from '@airgrid/domain';
import {
  campaignAirings,
  channelBreaks,
  channelDailyLog,
  DAILY_LOG_COLUMNS,
} from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { memberOrganizationOf } from '../../request-types.js';
import type { AiringsService } from './airings-service.js';
import type { PlacementService } from './placement-service.js';

const NOT_FOUND = 'The requested resource wasn’t found.';

/** Breaks and logs are the station's own: a guest is asked to sign in. */
function signedIn(request: FastifyRequest): void {
  if (!request.auth) throw new ApiError(401, 'Sign in to read the station’s breaks and logs.');
}

/**
 * GET /api/v1/channels/{channel}/breaks?from=&to=: a channel's breaks and the spots placed in
 * them, for members of its station (another station's channel is a 404, as a missing one).
 */
export function placementRoutes(service: PlacementService, airings: AiringsService) {
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
        if (!read) throw new ApiError(404, NOT_FOUND);
        return read;
      },
      { authorize: signedIn },
    );

    registerEndpoint(
      app,
      channelDailyLog,
      async ({ params, query }, request, reply) => {
        const rows = await service.dailyLog(
          memberOrganizationOf(request.auth),
          params.channel,
          query.date,
        );
        if (!rows) throw new ApiError(404, NOT_FOUND);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="log-${params.channel}-${query.date}.csv"`,
          )
          .header('cache-control', 'private, no-store')
          .send(csvText(DAILY_LOG_COLUMNS, rows));
      },
      { authorize: signedIn },
    );

    registerEndpoint(
      app,
      campaignAirings,
      async ({ params, query }, request) => {
        const found = await airings.campaignAirings(
          memberOrganizationOf(request.auth),
          params.campaign,
          query.from,
          query.to,
        );
        if (!found) throw new ApiError(404, NOT_FOUND);
        return { campaign: params.campaign, airings: found };
      },
      { authorize: signedIn },
    );
  };
}
