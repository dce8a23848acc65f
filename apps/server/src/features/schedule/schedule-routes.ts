import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { recordRequest } from '../../http/request-context.js';
import { parseExpandRequest, parseMoveRequest } from './schedule-request.js';
import type { ScheduleService } from './schedule-service.js';

function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * The scheduling workspace's operations (docs/decisions/0009, 0010):
 * - POST /api/v1/schedule/move: move or resize a timeslot, pushing its neighbours or refusing
 *   to overlap them; answers every timeslot that changed,
 *   and where each was before (`previous`, for an undo).
 * - POST /api/v1/schedule/recurrences/:id/expand: create a recurrence's timeslots in a window,
 *   all or none; answers the created ones and how many already existed.
 */
export function scheduleRoutes(schedule: ScheduleService) {
  return async (app: FastifyInstance) => {
    app.post('/api/v1/schedule/move', async (request) => {
      const parsed = parseMoveRequest(bodyOf(request.body));
      if (!parsed.ok) throw new ApiError(400, parsed.message, parsed.errors);
      return schedule.move(recordRequest(request), parsed.value);
    });

    app.post<{ Params: { id: string } }>(
      '/api/v1/schedule/recurrences/:id/expand',
      async (request) => {
        const parsed = parseExpandRequest(bodyOf(request.body));
        if (!parsed.ok) throw new ApiError(400, parsed.message, parsed.errors);
        return schedule.expand(recordRequest(request), request.params.id, parsed.value);
      },
    );
  };
}
