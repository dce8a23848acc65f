import type { FastifyInstance } from 'fastify';
import type { RealtimeHub } from '../realtime/realtime-hub.js';
import { readBody } from './request-body.js';

/** GET /api/realtime opens an event stream; POST /api/realtime sets its subscriptions (§6). */
export function realtimeRoutes(hub: RealtimeHub) {
  return async (app: FastifyInstance) => {
    app.get('/api/realtime', (request, reply) => {
      // The stream outlives the handler: Fastify hands the socket over and stays out of it.
      reply.hijack();
      hub.connect(reply.raw, request.ip);
    });

    app.post('/api/realtime', async (request, reply) => {
      const body = await readBody(request);
      const auth = request.auth;
      hub.subscribe({
        clientId: body.clientId,
        subscriptions:
          typeof body.subscriptions === 'string' ? [body.subscriptions] : body.subscriptions,
        auth: auth && { collection: auth.collection, record: auth.record },
        ip: request.ip,
      });
      return reply.code(204).send();
    });
  };
}
