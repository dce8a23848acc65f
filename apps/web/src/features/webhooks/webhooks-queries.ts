import type { WebhookDeliveryRecord, WebhookRecord } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { DELIVERIES_SHOWN, type WebhookBody } from './webhooks-model';

// The webhooks card's data (owners and admins; decision 0032): the organization's webhooks,
// making one (the only answer that holds its secret), changing, testing and deleting one, its
// secret on demand, and its recent deliveries (the server writes those; nobody else can).

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (organization: string) => ['webhooks', organization] as const,
  deliveries: (webhook: string) => ['webhookDeliveries', webhook] as const,
};

/** A new webhook's record with its signing secret. */
export type CreatedWebhook = WebhookRecord & { secret: string };

export function createWebhook(body: Required<WebhookBody>) {
  return callEndpoint(pb, 'POST /api/v1/webhooks', { body });
}

export function updateWebhook(id: string, body: WebhookBody) {
  return callEndpoint(pb, 'PATCH /api/v1/webhooks/:id', { params: { id }, body });
}

export async function webhookSecret(id: string): Promise<string> {
  const answer = await callEndpoint(pb, 'GET /api/v1/webhooks/:id/secret', { params: { id } });
  return answer.secret;
}

export function testWebhook(id: string) {
  return callEndpoint(pb, 'POST /api/v1/webhooks/:id/test', { params: { id } });
}

export function deleteWebhook(id: string) {
  return pb.collection('webhooks').delete(id);
}

export const webhookQueries = {
  list: (organization: string) =>
    queryOptions({
      queryKey: webhookKeys.list(organization),
      enabled: organization !== '',
      queryFn: () =>
        pb.collection('webhooks').getFullList<WebhookRecord>({
          filter: pb.filter('organization = {:organization}', { organization }),
          sort: 'created',
        }),
    }),
  deliveries: (webhook: string) =>
    queryOptions({
      queryKey: webhookKeys.deliveries(webhook),
      queryFn: async () =>
        (
          await pb
            .collection('webhookDeliveries')
            .getList<WebhookDeliveryRecord>(1, DELIVERIES_SHOWN, {
              filter: pb.filter('webhook = {:webhook}', { webhook }),
              sort: '-created',
              fields:
                'id,created,updated,organization,webhook,event,status,attempts,responseStatus,responseMs,error,nextAttempt,deliveredAt',
              skipTotal: true,
            })
        ).items,
    }),
};
