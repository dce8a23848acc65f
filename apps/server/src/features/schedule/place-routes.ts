import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { recordRequest } from '../../http/request-context.js';
import { parsePlaceRequest } from './place-request.js';
import type { PlaceService } from './place-service.js';

/**
 * POST /api/v1/schedule/place: create a timeslot obeying the overlap mode (push moves what it
 * lands on later; no-overlap refuses naming it). Answers `{ timeslot, changed, previous }`:
 * the created record, every timeslot the push moved, and where each of those was before.
 */
export function placeRoutes(place: PlaceService) {
  return async (app: FastifyInstance) => {
    app.post('/api/v1/schedule/place', async (request) => {
      const body = request.body;
      const parsed = parsePlaceRequest(
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? (body as Record<string, unknown>)
          : {},
      );
      if (!parsed.ok) throw new ApiError(400, parsed.message, parsed.errors);
      return place.place(recordRequest(request), parsed.value);
    });
  };
}
