import type { WebhookEvent } from '@airgrid/schema';
import type { RecordEvent } from '../../records/record-events.js';

// Which committed record changes are webhook events, and what they carry (decision 0032).

/** The event type a committed change is, or undefined when webhooks do not hear of it. */
export function eventTypeOf(event: RecordEvent): WebhookEvent | undefined {
  if (event.collection === 'timeslots') {
    if (event.action === 'create') return 'timeslot.created';
    if (event.action === 'update') return 'timeslot.updated';
    return 'timeslot.deleted';
  }
  if (event.collection === 'shows') return 'show.changed';
  if (event.collection === 'submissions' && event.action === 'create') return 'submission.received';
  // A Cablecast sync's run reaches its end once: done or failed.
  if (
    event.collection === 'cablecastSyncs' &&
    event.action === 'update' &&
    (event.record.state === 'done' || event.record.state === 'failed')
  )
    return 'sync.finished';
  return undefined;
}

/** The `data` of an event's payload: the record as an owner sees it, and for shows the change. */
export function eventData(event: RecordEvent, record: Record<string, unknown>) {
  if (event.collection === 'shows')
    return { action: `${event.action}d` as 'created' | 'updated' | 'deleted', record };
  return { record };
}

/** The body every delivery sends. */
export interface WebhookPayload {
  /** The delivery's id (also sent as `Airgrid-Delivery`): receivers use it to skip repeats. */
  id: string;
  type: string;
  /** When the event happened (ISO 8601). */
  created: string;
  organization: string;
  data: Record<string, unknown>;
}
