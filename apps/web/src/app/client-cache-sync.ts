import { useEffect } from 'react';
import { notificationsStore } from '../features/notifications/notifications-store';
import { avatarUrl } from '../features/settings/avatar-url';
import { saveToCache } from '../lib/client-cache';
import { pb } from '../lib/pocketbase';
import { useAuth } from '../lib/use-auth';

/**
 * Saves the client cache (localStorage `cache`, seed §4) after each change of the signed-in
 * user's avatar and notifications. The theme is saved by the colour-scheme manager, timeslots
 * by the scheduling views; log out clears the private parts (account menu).
 */
export function useClientCacheSync(): void {
  const { isSignedIn, user } = useAuth();
  const avatar = isSignedIn ? (avatarUrl(user) ?? null) : null;

  useEffect(() => {
    if (isSignedIn) saveToCache({ avatar });
  }, [isSignedIn, avatar]);

  useEffect(() => {
    if (!isSignedIn) return;
    let last = notificationsStore.getSnapshot().items;
    return notificationsStore.subscribe(() => {
      const { items } = notificationsStore.getSnapshot();
      // Signing out empties the list after the cache was cleared: nothing to keep then.
      if (items === last || !pb.authStore.isValid) return;
      last = items;
      saveToCache({ notifications: [...items] });
    });
  }, [isSignedIn]);
}
