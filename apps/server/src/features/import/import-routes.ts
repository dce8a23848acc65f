import type { FastifyInstance } from 'fastify';
import { recordRequest } from '../../http/request-context.js';
import { type ImportService, importRows, importTarget } from './import-service.js';

/** Enough for MAX_IMPORT_ROWS rows of a wide shows file. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * POST /api/v1/import/{shows|timeslots}: the csv-upload modal's rows, all saved or none, with
 * every refused row's field errors (packages/schema/src/import.ts).
 */
export function importRoutes(imports: ImportService) {
  return async (app: FastifyInstance) => {
    app.post<{ Params: { target: string } }>(
      '/api/v1/import/:target',
      { bodyLimit: IMPORT_BODY_LIMIT },
      async (request) => {
        const target = importTarget(request.params.target);
        const rows = importRows(request.body);
        return imports.import(recordRequest(request), target, rows);
      },
    );
  };
}
