import { defineCollection, type RecordOf } from '../collection.js';
import { bool, date, relation, select, text, url } from '../fields.js';
import { WEBHOOK_EVENTS } from '../webhooks.js';

/**
 * Where the organization's events are sent, signed with `secret` (docs/decisions/0032). Made
 * and changed by POST/PATCH /api/v1/webhooks only (the address is checked, the secret made
 * there); listed, viewed and deleted by owners and admins.
 */
export const webhooks = defineCollection({
  id: 'pbc_3653375940',
  name: 'webhooks',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    url('url', { required: true }),
    select('events', WEBHOOK_EVENTS, { maxSelect: WEBHOOK_EVENTS.length }),
    text('description', { max: 500 }),
    bool('enabled'),
    // `whsec_…`: hidden from lists and realtime; GET /api/v1/webhooks/:id/secret shows it.
    text('secret', { system: true, hidden: true, max: 100 }),
    date('failingSince', { system: true }),
    text('disabledReason', { system: true, max: 500 }),
  ],
  indexes: [{ name: 'organization', columns: ['organization', 'created'] }],
});

/** A webhook as owners and admins see it in lists: never its secret. */
export type WebhookRecord = RecordOf<typeof webhooks>;
