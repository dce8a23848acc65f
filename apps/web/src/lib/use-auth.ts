import { useSyncExternalStore } from 'react';
import { type AuthState, createAuthSnapshot } from './auth-snapshot';
import { pb } from './pocketbase';

export type { AuthState } from './auth-snapshot';

const auth = createAuthSnapshot(pb.authStore);
const signedOut: AuthState = { isSignedIn: false, user: null };

/** The signed-in state of the shared PocketBase client, re-rendering when it changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.getSnapshot, () => signedOut);
}
