import { toRecordDate } from '@airgrid/domain';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { requireSuperuser } from '../../http/request-context.js';
import { pickFields } from '../../records/fields-picker.js';
import { pageNumber, pageSize, skipsTotal } from '../../records/list-query.js';
import { queryOf } from './collections-routes.js';
import { logFilter, logSort } from './log-query.js';
import type { LogsRepository, StatsInterval } from './logs-repository.js';

const DAY_MS = 24 * 3600 * 1000;

/** The days /api/logs/stats looks back at most: the retention, or a week with the log off. */
function statsWindowDays(maxDays: number): number {
  return maxDays > 0 ? maxDays : 7;
}

/** Per-minute counts look back a day at most: 1,440 lines. */
const MINUTE_WINDOW_MS = DAY_MS;

/**
 * `interval`: `hour` (PocketBase's only one, and the default) or `minute` (Airgrid's, for the
 * console's chart of the last hour).
 */
function statsInterval(value: string | undefined): StatsInterval {
  if (!value || value === 'hour') return 'hour';
  if (value === 'minute') return 'minute';
  throw new ApiError(400, 'The interval must be "hour" or "minute".');
}

/**
 * PocketBase's logs API for superusers (API-CONTRACT §1.2): the request log's lines, one line,
 * and the lines per hour (or minute). Guests 401, every other record 403, before anything else.
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
      const interval = statsInterval((query as Record<string, string | undefined>).interval);
      const window =
        interval === 'minute'
          ? Math.min(MINUTE_WINDOW_MS, statsWindowDays(maxDays) * DAY_MS)
          : statsWindowDays(maxDays) * DAY_MS;
      const stats = await logs.counts(filter, toRecordDate(now - window), now, interval);
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
