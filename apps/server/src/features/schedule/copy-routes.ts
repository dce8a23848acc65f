import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { recordRequest } from '../../http/request-context.js';
import { parseCopyRequest } from './copy-request.js';
import type { CopyService } from './copy-service.js';

/**
 * POST /api/v1/schedule/copy `{ from, to?, channels?, targets, dryRun?, skipCollisions? }`: copies
 * the airings of a day or a week to other dates, answering the collisions first (dry run) and
 * writing all copies in one transaction.
 */
export function copyRoutes(copies: CopyService) {
  return async (app: FastifyInstance) => {
    app.post('/api/v1/schedule/copy', async (request) => {
      const body =
        typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
          ? (request.body as Record<string, unknown>)
          : {};
      const parsed = parseCopyRequest(body);
      if (!parsed.ok) throw new ApiError(400, parsed.message, parsed.errors);
      return copies.copy(recordRequest(request), parsed.value);
    });
  };
}
