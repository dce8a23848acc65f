import { pb } from '../../lib/pocketbase';

// The feedback modal's one call; the survey address comes with the app config (lib/app-config).

/** Stores a message for the Airgrid team. */
export function sendFeedback(body: Record<string, unknown>) {
  return pb.collection('feedback').create(body);
}
