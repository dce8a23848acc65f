import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// The waitlist area's one write (components call it, never `pb`).

/** Joins the waitlist, or updates one's entry: the server keeps one per address. */
export function joinWaitlist(values: {
  email: string;
  name: string;
  station: string;
  note: string;
}) {
  return callEndpoint(pb, 'POST /api/v1/waitlist', { body: values });
}
