import { scheduleCopy } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import type { CopyService } from './copy-service.js';

/**
 * POST /api/v1/schedule/copy `{ from, to?, channels?, targets, dryRun?, skipCollisions? }`: copies
 * the airings of a day or a week to other dates, answering the collisions first (dry run) and
 * writing all copies in one transaction.
 */
export function copyRoutes(copies: CopyService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, scheduleCopy, ({ body }, request) =>
      copies.copy(recordRequest(request), body),
    );
  };
}
