import { schedulePlace } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import type { PlaceService } from './place-service.js';

/**
 * POST /api/v1/schedule/place: create a timeslot obeying the overlap mode (push moves what it
 * lands on later; no-overlap refuses naming it). Answers `{ timeslot, changed, previous }`:
 * the created record, every timeslot the push moved, and where each of those was before.
 */
export function placeRoutes(place: PlaceService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, schedulePlace, ({ body }, request) =>
      place.place(recordRequest(request), body),
    );
  };
}
