import { useSyncExternalStore } from 'react';
import { setLanguage } from '../i18n/messages';
import { type AuthState, createAuthSnapshot, SIGNED_OUT } from './auth-snapshot';
import { languageSetting } from './localization-settings';
import { pb } from './pocketbase';

export type { AuthState } from './auth-snapshot';

const auth = createAuthSnapshot(pb.authStore);

// The UI strings follow the signed-in user's language (settings.localization.language): set
// now and on every sign-in, sign-out or saved setting, before React re-renders for the change.
const applyLanguage = () => setLanguage(languageSetting(pb.authStore.record));
applyLanguage();
pb.authStore.onChange(applyLanguage);

/** The signed-in state of the shared PocketBase client, re-rendering when it changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.getSnapshot, () => SIGNED_OUT);
}
