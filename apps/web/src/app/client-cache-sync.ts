import { useEffect } from 'react';
import { notificationsStore } from '../features/notifications/notifications-store';
import { saveToCache } from '../lib/client-cache';
import { pb } from '../lib/pocketbase';
import { useAuth } from '../lib/use-auth';

/**
 * Saves the signed-in user's unread notifications to the client cache (localStorage `cache`,
 * seed §4) after each change, with the user's id, so the next visit paints them at once
 * (`useNotifications` reads them back for that user only). The theme is saved by the
 * colour-scheme manager; log out clears the private parts (`forgetSession`).
 */
export function useClientCacheSync(): void {
  const { isSignedIn, user } = useAuth();
  const userId = isSignedIn && user ? user.id : null;

  useEffect(() => {
    if (!userId) return;
    let last = notificationsStore.getSnapshot().items;
    return notificationsStore.subscribe(() => {
      const { items } = notificationsStore.getSnapshot();
      // Signing out empties the list after the cache was cleared: nothing to keep then.
      if (items === last || !pb.authStore.isValid) return;
      last = items;
      saveToCache({ user: userId, notifications: [...items] });
    });
  }, [userId]);
}
