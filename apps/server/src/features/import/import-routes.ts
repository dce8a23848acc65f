import { importRows } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import { type ImportService, importTarget } from './import-service.js';

/** Enough for MAX_IMPORT_ROWS rows of a wide shows file. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * POST /api/v1/import/{shows|timeslots}: the csv-upload modal's rows, all saved or none, with
 * every refused row's field errors (its contract: packages/schema/src/contracts/imports.ts).
 */
export function importRoutes(imports: ImportService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      importRows,
      ({ params, body }, request) =>
        imports.import(recordRequest(request), params.target, body.rows),
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        // Nothing to import into is a 404, before the rows are read.
        authorize: (request) =>
          importTarget(String((request.params as { target?: unknown }).target)),
      },
    );
  };
}
