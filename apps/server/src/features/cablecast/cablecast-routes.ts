import {
  cablecastGet,
  cablecastSave,
  cablecastSyncNow,
  cablecastSyncSettings,
  cablecastTest,
} from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import { type CablecastService, requireAdmin } from './cablecast-service.js';
import type { CablecastSyncService } from './cablecast-sync-service.js';

/**
 * The organization's Cablecast connection and sync, for its owners and admins, through their
 * contracts (packages/schema/src/contracts/cablecast.ts):
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
  const admin = { authorize: (request: FastifyRequest) => requireAdmin(recordRequest(request)) };
  return async (app: FastifyInstance) => {
    registerEndpoint(app, cablecastGet, (_, request) => cablecast.get(recordRequest(request)));
    registerEndpoint(
      app,
      cablecastSave,
      ({ body }, request) => cablecast.save(body, recordRequest(request)),
      admin,
    );
    registerEndpoint(
      app,
      cablecastTest,
      ({ body }, request) => cablecast.test(body, recordRequest(request)),
      admin,
    );
    registerEndpoint(
      app,
      cablecastSyncSettings,
      ({ body }, request) => sync.saveSettings(body, recordRequest(request)),
      { authorize: (request) => sync.requireTested(recordRequest(request)) },
    );
    registerEndpoint(app, cablecastSyncNow, async (_, request, reply) => {
      const { sync: run, created } = await sync.syncNow(recordRequest(request));
      return reply.code(created ? 202 : 200).send(run);
    });
  };
}
