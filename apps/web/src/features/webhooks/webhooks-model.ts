import { fromRecordDate } from '@airgrid/domain';
import {
  WEBHOOK_EVENTS,
  type WebhookDeliveryRecord,
  type WebhookEvent,
  type WebhookRecord,
} from '@airgrid/schema';
import type { EndpointInput, EndpointReply, Endpoints } from '@airgrid/schema/contracts';

// What the webhooks card decides, without React or the SDK: the form's values and checks, what
// a save sends, a webhook's state in the list, and a test event's outcome.

/** How many deliveries the log shows. */
export const DELIVERIES_SHOWN = 20;

export type WebhookFormValues = {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
};

/** What a save sends: the routes' body (`POST /api/v1/webhooks`, `PATCH …/:id`). */
export type WebhookBody = NonNullable<
  EndpointInput<Endpoints['PATCH /api/v1/webhooks/:id']>['body']
>;

/** A test event's answer (`POST /api/v1/webhooks/:id/test`). */
export type PingOutcome = EndpointReply<Endpoints['POST /api/v1/webhooks/:id/test']>;

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly unknown[]).includes(value);
}

/** A new webhook's form: nothing chosen yet. */
export function emptyWebhookForm(): WebhookFormValues {
  return { url: '', description: '', events: [], enabled: true };
}

/** The edit form of a saved webhook. */
export function webhookFormOf(record: WebhookRecord): WebhookFormValues {
  return {
    url: record.url,
    description: record.description,
    events: record.events.filter(isWebhookEvent),
    enabled: record.enabled,
  };
}

/** The problems the form can tell before sending, by field (the server checks the rest). */
export function webhookProblems(values: WebhookFormValues): {
  url?: 'required';
  events?: 'required';
} {
  return {
    ...(values.url.trim() === '' ? { url: 'required' as const } : {}),
    ...(values.events.some(isWebhookEvent) ? {} : { events: 'required' as const }),
  };
}

/** The events chosen, known ones only, in the catalog's order. */
function chosenEvents(values: WebhookFormValues): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((event) => values.events.includes(event));
}

/** The body of a create: every field. */
export function createBody(values: WebhookFormValues): Required<WebhookBody> {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    events: chosenEvents(values),
    enabled: values.enabled,
  };
}

/** The body of an update: only what changed from the saved record. */
export function updateBody(record: WebhookRecord, values: WebhookFormValues): WebhookBody {
  const body: WebhookBody = {};
  const url = values.url.trim();
  if (url !== record.url) body.url = url;
  const description = values.description.trim();
  if (description !== record.description) body.description = description;
  const events = chosenEvents(values);
  const saved = [...record.events].sort().join(',');
  if ([...events].sort().join(',') !== saved) body.events = events;
  if (values.enabled !== record.enabled) body.enabled = values.enabled;
  return body;
}

export type WebhookState =
  | { kind: 'enabled' }
  | { kind: 'failing'; since: number }
  | { kind: 'disabled'; reason: string };

/** What the list says of a webhook: on, on but failing since when, or off (and why). */
export function webhookState(record: WebhookRecord): WebhookState {
  if (!record.enabled) return { kind: 'disabled', reason: record.disabledReason };
  const since = fromRecordDate(record.failingSince);
  return since === null ? { kind: 'enabled' } : { kind: 'failing', since };
}

/** Webhooks as the list shows them: the oldest first, so a new one joins at the bottom. */
export function sortWebhooks(webhooks: readonly WebhookRecord[]): WebhookRecord[] {
  return [...webhooks].sort(
    (a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id),
  );
}

/** Deliveries newest first (the log's query sorts so too; realtime may add out of order). */
export function sortDeliveries(
  deliveries: readonly WebhookDeliveryRecord[],
): WebhookDeliveryRecord[] {
  return [...deliveries]
    .sort((a, b) => b.created.localeCompare(a.created) || b.id.localeCompare(a.id))
    .slice(0, DELIVERIES_SHOWN);
}

/** A test event's outcome as the card shows it. */
export type TestResult =
  | { ok: true; status: number; ms: number }
  | { ok: false; status: number | null; ms: number; error: string };

export function testResultOf(outcome: PingOutcome): TestResult {
  if (outcome.status === 'delivered')
    return { ok: true, status: outcome.responseStatus, ms: outcome.responseMs };
  return {
    ok: false,
    status: outcome.responseStatus > 0 ? outcome.responseStatus : null,
    ms: outcome.responseMs,
    error: outcome.error,
  };
}
