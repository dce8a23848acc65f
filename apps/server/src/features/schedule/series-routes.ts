import { seriesDelete, seriesEdit } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import type { SeriesService } from './series-service.js';

/**
 * A recurrence changed from one of its airings (docs/decisions/0016-series-edits.md), each one
 * transaction answering `{ updated, created, removed }` timeslots:
 * - POST /api/v1/schedule/recurrences/:id/edit `{ scope, occurrence, changes }`;
 * - POST /api/v1/schedule/recurrences/:id/delete `{ scope, occurrence }`.
 */
export function seriesRoutes(series: SeriesService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, seriesEdit, ({ params, body }, request) =>
      series.edit(recordRequest(request), params.id, body),
    );
    registerEndpoint(app, seriesDelete, ({ params, body }, request) =>
      series.delete(recordRequest(request), params.id, body),
    );
  };
}
