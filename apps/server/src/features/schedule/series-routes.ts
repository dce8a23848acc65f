import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { recordRequest } from '../../http/request-context.js';
import { parseSeriesDelete, parseSeriesEdit } from './series-request.js';
import type { SeriesService } from './series-service.js';

function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * A recurrence changed from one of its airings (docs/decisions/0016-series-edits.md), each one
 * transaction answering `{ updated, created, removed }` timeslots:
 * - POST /api/v1/schedule/recurrences/:id/edit `{ scope, occurrence, changes }`;
 * - POST /api/v1/schedule/recurrences/:id/delete `{ scope, occurrence }`.
 */
export function seriesRoutes(series: SeriesService) {
  return async (app: FastifyInstance) => {
    app.post<{ Params: { id: string } }>(
      '/api/v1/schedule/recurrences/:id/edit',
      async (request) => {
        const parsed = parseSeriesEdit(bodyOf(request.body));
        if (!parsed.ok) throw new ApiError(400, parsed.message, parsed.errors);
        return series.edit(recordRequest(request), request.params.id, parsed.value);
      },
    );

    app.post<{ Params: { id: string } }>(
      '/api/v1/schedule/recurrences/:id/delete',
      async (request) => {
        const parsed = parseSeriesDelete(bodyOf(request.body));
        if (!parsed.ok) throw new ApiError(400, parsed.message, parsed.errors);
        return series.delete(recordRequest(request), request.params.id, parsed.value);
      },
    );
  };
}
