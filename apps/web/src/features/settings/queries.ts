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

/**
 * Changes the password with the current one. The server then ends every session of the
 * account (a new token key), this one included: sign in again here with the new password.
 */
export async function changePassword(
  email: string,
  values: { oldPassword: string; password: string; passwordConfirm: string },
) {
  const id = pb.authStore.record?.id;
  if (!id) throw new Error('Sign in to change your password.');
  const record = await pb.collection('users').update<RecordModel>(id, values);
  await pb.collection('users').authWithPassword(email, values.password);
  return record;
}
