import { toRecordDate } from '@airgrid/domain';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { requireSuperuser } from '../../http/request-context.js';
import { pickFields } from '../../records/fields-picker.js';
import { pageNumber, pageSize, skipsTotal } from '../../records/list-query.js';
import { queryOf } from './collections-routes.js';
import { logFilter, logSort } from './log-query.js';
import type { LogsRepository } from './logs-repository.js';

const DAY_MS = 24 * 3600 * 1000;

/** The days /api/logs/stats looks back at most: the retention, or a week with the log off. */
function statsWindowDays(maxDays: number): number {
  return maxDays > 0 ? maxDays : 7;
}

/**
 * PocketBase's logs API for superusers (API-CONTRACT §1.2): the request log's lines, one line,
 * and the lines per hour. Guests 401, every other record 403, before anything else.
 */
export function logsRoutes(logs: LogsRepository, clock: { now(): number }, maxDays: number) {
  return async (app: FastifyInstance) => {
    app.get('/api/logs', async (request) => {
      requireSuperuser(request);
      const query = queryOf(request);
      const page = pageNumber(query);
      const perPage = pageSize(query);
      const filter = logFilter(query.filter);
      const sort = logSort(query.sort);
      const { items, total } = await logs.list(
        { filter, sort, page, perPage },
        clock.now(),
        !skipsTotal(query),
      );
      return pickFields(
        {
          page,
          perPage,
          totalItems: total,
          totalPages: total < 0 ? -1 : Math.ceil(total / perPage),
          items,
        },
        query.fields,
        true,
      );
    });

    // Per hour, oldest first, over the retention window at most (the table holds no more).
    app.get('/api/logs/stats', async (request) => {
      requireSuperuser(request);
      const query = queryOf(request);
      const filter = logFilter(query.filter);
      const now = clock.now();
      const since = toRecordDate(now - statsWindowDays(maxDays) * DAY_MS);
      const stats = await logs.hourly(filter, since, now);
      return stats.map((item) => pickFields(item, query.fields, false));
    });

    app.get<{ Params: { id: string } }>('/api/logs/:id', async (request) => {
      requireSuperuser(request);
      const found = await logs.one(request.params.id);
      if (!found) throw new ApiError(404);
      return pickFields(found, queryOf(request).fields, false);
    });
  };
}
