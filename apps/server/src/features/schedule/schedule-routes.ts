import { scheduleExpand, scheduleMove } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import type { ScheduleService } from './schedule-service.js';

/**
 * The scheduling workspace's operations (docs/decisions/0009, 0010), read by their contracts
 * (packages/schema/src/contracts/schedule.ts):
 * - POST /api/v1/schedule/move: move or resize a timeslot, pushing its neighbours or refusing
 *   to overlap them; answers every timeslot that changed,
 *   and where each was before (`previous`, for an undo).
 * - POST /api/v1/schedule/recurrences/:id/expand: create a recurrence's timeslots in a window,
 *   all or none; answers the created ones and how many already existed.
 */
export function scheduleRoutes(schedule: ScheduleService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, scheduleMove, ({ body }, request) =>
      schedule.move(recordRequest(request), body),
    );
    registerEndpoint(app, scheduleExpand, ({ params, body }, request) =>
      schedule.expand(recordRequest(request), params.id, body),
    );
  };
}
