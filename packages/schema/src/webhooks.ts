// Signed webhooks (issue 19, item 5; docs/decisions/0032-webhooks.md): what a station's
// receiver may subscribe to, and the records owners and admins see of them.

/** The events a webhook may subscribe to. `submission.received` carries a new submission
 * (issue 20); `sync.finished` the Cablecast sync's run (`cablecastSyncs`) when it is done or
 * failed. */
export const WEBHOOK_EVENTS = [
  'timeslot.created',
  'timeslot.updated',
  'timeslot.deleted',
  'show.changed',
  'submission.received',
  'sync.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a delivery may carry: the events, and `ping` (the "Send test event" button). */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'ping'] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Every signing secret starts with this (Stripe's and Svix's convention). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The headers a delivery carries. */
export const WEBHOOK_HEADERS = {
  signature: 'Airgrid-Signature',
  event: 'Airgrid-Event',
  delivery: 'Airgrid-Delivery',
} as const;
