import { defineCollection, type RecordOf } from '../collection.js';
import { date, json, number, relation, select, text } from '../fields.js';
import { WEBHOOK_DELIVERY_EVENTS, WEBHOOK_DELIVERY_STATUSES } from '../webhooks.js';

/** One event sent to one webhook, with its attempts: written by the server only. */
export const webhookDeliveries = defineCollection({
  id: 'pbc_3309399496',
  name: 'webhookDeliveries',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('webhook', 'webhooks', { required: true, cascadeDelete: true }),
    select('event', WEBHOOK_DELIVERY_EVENTS, { required: true }),
    json('payload', { maxSize: 1024 * 1024 }),
    select('status', WEBHOOK_DELIVERY_STATUSES, { required: true }),
    number('attempts', { min: 0, onlyInt: true }),
    number('responseStatus', { min: 0, onlyInt: true }),
    number('responseMs', { min: 0, onlyInt: true }),
    text('error', { max: 2000 }),
    date('nextAttempt', { system: true }),
    date('deliveredAt', { system: true }),
    // The node sending it, and until when its claim holds (a node that died loses it).
    text('lockedBy', { system: true, hidden: true, max: 200 }),
    date('lockedUntil', { system: true, hidden: true }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization', 'created'] },
    { name: 'status_next', columns: ['status', 'nextAttempt'] },
    { name: 'webhook', columns: ['webhook', 'created'] },
  ],
});

/** One event sent (or being sent) to one webhook: the log owners and admins read. */
export type WebhookDeliveryRecord = RecordOf<typeof webhookDeliveries>;
