import type { AuthRecord, BaseAuthStore } from 'pocketbase';

export interface AuthState {
  /** A token that has not expired. */
  isSignedIn: boolean;
  /** The signed-in user's record, as the SDK stored it. */
  user: AuthRecord;
}

/**
 * Signed out, with no user stored: one object, so a page the server rendered signed out (the
 * server snapshot of `useAuth`) is the same snapshot the browser reads when nobody is signed in.
 * Were it a new object, React would re-render every `useAuth` component, synchronously and in
 * one long task, right after hydrating (docs/decisions/0023-server-rendered-public-pages.md).
 */
export const SIGNED_OUT: AuthState = Object.freeze({ isSignedIn: false, user: null });

export interface AuthSnapshotSource {
  subscribe: (onStoreChange: () => void) => () => void;
  getSnapshot: () => AuthState;
}

/**
 * Adapts an SDK auth store to `useSyncExternalStore`. The browser store re-parses local
 * storage on every read, so its `record` is a new object each time; the snapshot is cached
 * and replaced only when the store reports a change or the token expires, otherwise React
 * would re-render forever.
 */
export function createAuthSnapshot(authStore: BaseAuthStore): AuthSnapshotSource {
  let version = 0;
  // Registered before any component subscribes, so the version is bumped by the time
  // React's listener asks for the new snapshot.
  authStore.onChange(() => {
    version++;
  });

  let cached: { version: number; state: AuthState } | undefined;

  return {
    subscribe: (onStoreChange) => authStore.onChange(onStoreChange),
    getSnapshot: () => {
      const isSignedIn = authStore.isValid;
      if (!cached || cached.version !== version || cached.state.isSignedIn !== isSignedIn) {
        const user = authStore.record;
        const state = isSignedIn || user ? { isSignedIn, user } : SIGNED_OUT;
        cached = { version, state };
      }
      return cached.state;
    },
  };
}
