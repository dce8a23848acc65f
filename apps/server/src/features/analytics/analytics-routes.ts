import { BEACON_MAX_BYTES } from '@airgrid/schema';
import { analyticsAudience, analyticsBeacon, analyticsNow } from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { memberOrganizationOf } from '../../request-types.js';
import type { AudienceService } from './audience-service.js';
import type { BeaconIngest } from './beacon-ingest.js';

const SIGN_IN = 'Sign in to see your station’s audience.';

function signedIn(request: FastifyRequest): void {
  if (!request.auth) throw new ApiError(401, SIGN_IN);
}

/**
 * The beacons (anyone: 204 for every readable body, the address held in memory for the rate
 * limit only) and the station's reports (members).
 */
export function analyticsRoutes(deps: { ingest: BeaconIngest; audience: AudienceService }) {
  const { ingest, audience } = deps;
  return (app: FastifyInstance) => {
    // navigator.sendBeacon sends a string as text/plain (no CORS preflight): read it as JSON, in
    // this plugin only.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new ApiError(400, 'Failed to read the submitted data: the beacon is not JSON.'));
      }
    });

    registerEndpoint(
      app,
      analyticsBeacon,
      async ({ body }, request, reply) => {
        try {
          await ingest.take(body, request.ip);
        } catch (error) {
          // The database could not be read (a channel's check, the schedule): the beacon is
          // lost, the page is not told (it could do nothing about it).
          request.log.warn({ err: error }, 'analytics beacon not taken');
        }
        return reply.code(204).send();
      },
      {
        bodyLimit: BEACON_MAX_BYTES,
        // The beacon's own per-address limit answers 204 and ignores the rest (a page never sees
        // an error); the request log keeps no address for it.
        config: { rateLimit: false, anonymousAddress: true },
      },
    );

    registerEndpoint(
      app,
      analyticsAudience,
      async ({ query }, request) =>
        audience.audience(memberOrganizationOf(request.auth), query.from, query.to, query.by),
      { authorize: signedIn },
    );

    registerEndpoint(
      app,
      analyticsNow,
      async (_input, request) => audience.now(memberOrganizationOf(request.auth)),
      { authorize: signedIn },
    );
  };
}
