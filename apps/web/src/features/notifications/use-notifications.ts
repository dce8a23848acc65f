import { useEffect, useSyncExternalStore } from 'react';
import { cachedNotificationsFor } from '../../lib/client-cache';
import { useAuth } from '../../lib/use-auth';
import { isUnreadNotification } from './notifications-list';
import { type NotificationsState, notificationsStore } from './notifications-store';

/**
 * The signed-in user's unread notifications, kept current by realtime. The store is connected
 * only while someone is signed in, and reconnected when the user changes; signed out, the list
 * is empty and nothing is subscribed (seed §4). Until the server answers, the list this user
 * last had (client cache) is shown; another user's never is.
 */
export function useNotifications(): NotificationsState {
  const { isSignedIn, user } = useAuth();
  const userId = isSignedIn && user ? user.id : null;

  useEffect(
    () =>
      userId
        ? notificationsStore.connect(cachedNotificationsFor(userId, isUnreadNotification))
        : undefined,
    [userId],
  );

  return useSyncExternalStore(
    notificationsStore.subscribe,
    notificationsStore.getSnapshot,
    notificationsStore.getSnapshot,
  );
}
