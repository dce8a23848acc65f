import { clearPrivateCache } from '../../lib/client-cache';
import { pb } from '../../lib/pocketbase';

// The account's calls: signing in and out, the account's mails and their links. The pages
// send them through `useRecordForm`; none of them is cached, so there are no query keys here.
// Signing in with a provider is shared/sign-in-providers/ (Settings links providers too).

export function signIn(email: string, password: string) {
  return pb.collection('users').authWithPassword(email.trim(), password);
}

/** Creates the account, signs in, and asks for the verification mail without waiting on it. */
export async function signUp(values: Record<string, string>) {
  const email = (values.email ?? '').trim();
  await pb.collection('users').create({ ...values, email });
  await pb.collection('users').authWithPassword(email, values.password ?? '');
  // The verification mail is a courtesy: signing up does not wait on it.
  pb.collection('users')
    .requestVerification(email)
    .catch(() => {});
}

/** Forgets this browser's session and the private data cached for it. */
export function forgetSession() {
  pb.authStore.clear();
  clearPrivateCache();
}

/** Signs this browser out: the realtime stream, the token, and the cached private data. */
export function signOut() {
  pb.realtime.unsubscribe().catch(() => {});
  forgetSession();
}

/** Whether this browser holds a session that has not expired. */
export function hasSession(): boolean {
  return pb.authStore.isValid;
}

export function requestPasswordReset(email: string) {
  return pb.collection('users').requestPasswordReset(email.trim());
}

export function confirmPasswordReset(token: string, password: string, passwordConfirm: string) {
  return pb.collection('users').confirmPasswordReset(token, password, passwordConfirm);
}

export function confirmVerification(token: string) {
  return pb.collection('users').confirmVerification(token);
}

export function confirmEmailChange(token: string, password: string) {
  return pb.collection('users').confirmEmailChange(token, password);
}
