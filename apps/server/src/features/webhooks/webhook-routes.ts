import {
  webhookCreate,
  webhookSecret,
  webhookTest,
  webhookUpdate,
} from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.js';
import { recordRequest } from '../../http/request-context.js';
import type { WebhookService } from './webhook-service.js';

/**
 * Webhooks (decision 0032), for owners and admins of the organization, through their contracts
 * (packages/schema/src/contracts/webhooks.ts):
 * - POST /api/v1/webhooks `{ url, events, description?, enabled? }`: the record and its `secret`;
 * - PATCH /api/v1/webhooks/:id with any of those fields: the record;
 * - GET /api/v1/webhooks/:id/secret: `{ secret }`, to configure the receiver;
 * - POST /api/v1/webhooks/:id/test: sends a `ping` now, answers its outcome.
 * The address's rules are the server's outbound policy, so the routes check it beside the
 * contract (`check`). Listing, viewing, deleting and the delivery log are record requests
 * (`webhooks`, `webhookDeliveries`).
 */
export function webhookRoutes(webhooks: WebhookService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      webhookCreate,
      async ({ body }, request) => {
        const { record, secret } = await webhooks.create(body, recordRequest(request));
        return { ...record, secret };
      },
      {
        authorize: (request) => webhooks.requireAdmin(recordRequest(request)),
        check: ({ body }) => webhooks.addressProblems(body, true),
      },
    );
    registerEndpoint(
      app,
      webhookUpdate,
      ({ params, body }, request) => webhooks.update(params.id, body, recordRequest(request)),
      {
        authorize: (request) =>
          webhooks.requireVisible(
            String((request.params as { id?: unknown }).id),
            recordRequest(request),
          ),
        check: ({ body }) => webhooks.addressProblems(body, false),
      },
    );
    registerEndpoint(app, webhookSecret, async ({ params }, request) => ({
      secret: await webhooks.secret(params.id, recordRequest(request)),
    }));
    registerEndpoint(app, webhookTest, ({ params }, request) =>
      webhooks.test(params.id, recordRequest(request)),
    );
  };
}
