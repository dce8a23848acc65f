import type { RecordModel } from 'pocketbase';
import { pb } from '../../lib/pocketbase';

// The signed-in user's own record, as the Settings cards change it. The SDK refreshes the
// signed-in record after an update, so the header and the cards follow without a query.

export function updateOwnUser(id: string, body: Record<string, unknown>) {
  return pb.collection('users').update<RecordModel>(id, body);
}

/** Sends a confirmation link to the new address; the email changes once it is opened. */
export function requestEmailChange(newEmail: string) {
  return pb.collection('users').requestEmailChange(newEmail);
}
