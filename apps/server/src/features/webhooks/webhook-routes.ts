import type { FastifyInstance } from 'fastify';
import { readBody } from '../../http/request-body.js';
import { recordRequest } from '../../http/request-context.js';
import type { WebhookService } from './webhook-service.js';

/**
 * Webhooks (decision 0032), for owners and admins of the organization:
 * - POST /api/v1/webhooks `{ url, events, description?, enabled? }`: the record and its `secret`;
 * - PATCH /api/v1/webhooks/:id with any of those fields: the record;
 * - GET /api/v1/webhooks/:id/secret: `{ secret }`, to configure the receiver;
 * - POST /api/v1/webhooks/:id/test: sends a `ping` now, answers its outcome.
 * Listing, viewing, deleting and the delivery log are record requests (`webhooks`,
 * `webhookDeliveries`).
 */
export function webhookRoutes(webhooks: WebhookService) {
  return async (app: FastifyInstance) => {
    app.post('/api/v1/webhooks', async (request) => {
      const { record, secret } = await webhooks.create(
        await readBody(request),
        recordRequest(request),
      );
      return { ...record, secret };
    });
    app.patch<{ Params: { id: string } }>('/api/v1/webhooks/:id', async (request) =>
      webhooks.update(request.params.id, await readBody(request), recordRequest(request)),
    );
    app.get<{ Params: { id: string } }>('/api/v1/webhooks/:id/secret', async (request) => ({
      secret: await webhooks.secret(request.params.id, recordRequest(request)),
    }));
    app.post<{ Params: { id: string } }>('/api/v1/webhooks/:id/test', async (request) =>
      webhooks.test(request.params.id, recordRequest(request)),
    );
  };
}
