import { playoutAsRun } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import { asRunCsv } from './as-run-csv.js';
import type { AsRunRepository } from './as-run-repository.js';
import type { PlayoutRepository } from './playout-repository.js';

const NO_CHANNEL = 'The requested resource wasn’t found.';

/**
 * GET /api/v1/channels/{channel}/as-run?from=&to=: the channel's as-run log as a CSV download,
 * for members of its organization (another station's channel is a 404, as a missing one).
 */
export function asRunRoutes(deps: { asRun: AsRunRepository; playout: PlayoutRepository }) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      playoutAsRun,
      async ({ params, query }, request, reply) => {
        const organization = String(request.auth?.record.organization ?? '');
        const channel = await deps.playout.channel(params.channel);
        if (!channel || !organization || channel.organization !== organization) {
          throw new ApiError(404, NO_CHANNEL);
        }
        const rows = await deps.asRun.between(channel.id, query.from, query.to);
        const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        const name = `as-run-${channel.id}-${day(query.from)}-${day(query.to - 1)}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(asRunCsv(rows));
      },
      {
        authorize: (request) => {
          if (!request.auth) throw new ApiError(401, 'Sign in to read the as-run log.');
        },
      },
    );
  };
}
