import {
  reportCampaigns,
  reportCaptions,
  reportNeverAired,
  reportReruns,
} from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { memberOrganizationOf } from '../../request-types.js';
import type { ProgrammeReportsService } from './programme-reports-service.js';

/** Reports are the station's own: a guest is asked to sign in, a user without one to join one. */
function member(request: FastifyRequest): void {
  if (!request.auth) throw new ApiError(401, 'Sign in to see the station’s reports.');
  if (memberOrganizationOf(request.auth) === '')
    throw new ApiError(403, 'Join or create an organization first.');
}

/**
 * GET /api/v1/reports/{reruns,never-aired,captions,campaigns}?from=&to=: the programme reports
 * of /analytics, for the requester's station (the contracts check the period: both instants,
 * `to` after `from`, at most 400 days).
 */
export function programmeReportsRoutes(service: ProgrammeReportsService) {
  return async (app: FastifyInstance) => {
    const options = { authorize: member };
    registerEndpoint(
      app,
      reportReruns,
      ({ query }, request) =>
        service.reruns(memberOrganizationOf(request.auth), query.from, query.to),
      options,
    );
    registerEndpoint(
      app,
      reportNeverAired,
      ({ query }, request) =>
        service.neverAired(memberOrganizationOf(request.auth), query.from, query.to),
      options,
    );
    registerEndpoint(
      app,
      reportCaptions,
      ({ query }, request) =>
        service.captions(memberOrganizationOf(request.auth), query.from, query.to),
      options,
    );
    registerEndpoint(
      app,
      reportCampaigns,
      ({ query }, request) =>
        service.campaigns(memberOrganizationOf(request.auth), query.from, query.to),
      options,
    );
  };
}
