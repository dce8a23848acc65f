import type { FastifyInstance } from 'fastify';
import { readBody } from '../../http/request-body.js';
import { recordRequest } from '../../http/request-context.js';
import type { CablecastService } from './cablecast-service.js';
import type { CablecastSyncService } from './cablecast-sync-service.js';

/**
 * The organization's Cablecast connection and sync, for its owners and admins:
 * - GET /api/v1/cablecast: the `cablecastConnections` record, or null;
 * - PUT /api/v1/cablecast `{ baseUrl, apiKey? }`: saves it (`apiKey` absent keeps the stored
 *   credentials, '' removes them, `user:password` replaces them);
 * - POST /api/v1/cablecast/test `{ baseUrl?, apiKey? }`: tries the server, with what is given
 *   or what is saved, and answers what it found or why it failed (always 200: a server that
 *   cannot be reached is a finding, not an error of the request);
 * - PUT /api/v1/cablecast/sync-settings `{ channels: [{ cablecast, channel }], syncEveryMinutes }`:
 *   the channel map (`channel`: an Airgrid channel id, 'new' or '') and the schedule;
 * - POST /api/v1/cablecast/sync: "Sync now"; 202 with the queued `cablecastSyncs` record, or
 *   200 with the one already queued or running.
 * Disconnecting is deleting the record (the record API); the runs are `cablecastSyncs`.
 */
export function cablecastRoutes(cablecast: CablecastService, sync: CablecastSyncService) {
  return async (app: FastifyInstance) => {
    app.get('/api/v1/cablecast', async (request) => cablecast.get(recordRequest(request)));
    app.put('/api/v1/cablecast', async (request) =>
      cablecast.save(await readBody(request), recordRequest(request)),
    );
    app.post('/api/v1/cablecast/test', async (request) =>
      cablecast.test(await readBody(request), recordRequest(request)),
    );
    app.put('/api/v1/cablecast/sync-settings', async (request) =>
      sync.saveSettings(await readBody(request), recordRequest(request)),
    );
    app.post('/api/v1/cablecast/sync', async (request, reply) => {
      const { sync: run, created } = await sync.syncNow(recordRequest(request));
      return reply.code(created ? 202 : 200).send(run);
    });
  };
}
