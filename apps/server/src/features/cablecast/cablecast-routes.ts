import type { FastifyInstance } from 'fastify';
import { readBody } from '../../http/request-body.js';
import { recordRequest } from '../../http/request-context.js';
import type { CablecastService } from './cablecast-service.js';

/**
 * The organization's Cablecast connection, for its owners and admins:
 * - GET /api/v1/cablecast: the `cablecastConnections` record, or null;
 * - PUT /api/v1/cablecast `{ baseUrl, apiKey? }`: saves it (`apiKey` absent keeps the stored
 *   credentials, '' removes them, `user:password` replaces them);
 * - POST /api/v1/cablecast/test `{ baseUrl?, apiKey? }`: tries the server, with what is given
 *   or what is saved, and answers what it found or why it failed (always 200: a server that
 *   cannot be reached is a finding, not an error of the request).
 * Disconnecting is deleting the record (the record API).
 */
export function cablecastRoutes(cablecast: CablecastService) {
  return async (app: FastifyInstance) => {
    app.get('/api/v1/cablecast', async (request) => cablecast.get(recordRequest(request)));
    app.put('/api/v1/cablecast', async (request) =>
      cablecast.save(await readBody(request), recordRequest(request)),
    );
    app.post('/api/v1/cablecast/test', async (request) =>
      cablecast.test(await readBody(request), recordRequest(request)),
    );
  };
}
