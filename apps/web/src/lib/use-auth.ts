import { useSyncExternalStore } from 'react';
import { type AuthState, createAuthSnapshot, SIGNED_OUT } from './auth-snapshot';
import { pb } from './pocketbase';

export type { AuthState } from './auth-snapshot';

const auth = createAuthSnapshot(pb.authStore);

/** The signed-in state of the shared PocketBase client, re-rendering when it changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.getSnapshot, () => SIGNED_OUT);
}
