import { messages } from '../../i18n/messages';
import { pb } from '../../lib/pocketbase';
import { toast } from '../../ui/toast';
import { showNativeNotification } from './native-notification';
import {
  addNotification,
  applyNotificationEvent,
  mergeNotifications,
  type NotificationEvent,
  type NotificationRecord,
  removeNotification,
} from './notifications-list';

/** How long a dismissed notification slides out before it leaves the list (seed §9). */
export const NOTIFICATION_DISMISS_MS = 1000;

/** How many unread notifications are loaded; older unread ones wait until these are read. */
const NOTIFICATIONS_PAGE_SIZE = 100;

export interface NotificationsState {
  /** The signed-in user's unread notifications, newest first. */
  items: readonly NotificationRecord[];
  /** Ids sliding out after a dismiss; they stay in `items` until the slide has ended. */
  dismissing: readonly string[];
  /** Unread notifications beyond the first page, not loaded: they still count on the bell. */
  unloaded: number;
}

/** The part of the SDK's `pb.collection('notifications')` the store uses. */
export interface NotificationsApi {
  getList(
    page: number,
    perPage: number,
    options: { filter: string; sort: string },
  ): Promise<{ items: NotificationRecord[]; totalItems: number }>;
  subscribe(topic: '*', callback: (event: NotificationEvent) => void): Promise<() => Promise<void>>;
  update(id: string, body: { read: true }): Promise<unknown>;
}

export interface NotificationsStore {
  /** For `useSyncExternalStore`; the client cache observes the list through these too. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): NotificationsState;
  /**
   * Keeps the list in step with the server while someone needs it: the first connection
   * loads the unread notifications and subscribes to realtime, the last release unsubscribes
   * and empties the list. Connect only while signed in (seed §4). `cached` (this user's list
   * from the client cache) is shown until the server answers and then replaced by the answer;
   * if the answer fails it is taken away, so an old list never passes for the current one.
   */
  connect(cached?: readonly NotificationRecord[]): () => void;
  /** Slides a notification out, then removes it and marks it read on the server. */
  dismiss(id: string): void;
}

const EMPTY: NotificationsState = { items: [], dismissing: [], unloaded: 0 };

/** The unread count the bell shows: the loaded ones plus those beyond the first page. */
export function unreadCount(state: NotificationsState): number {
  return state.items.length + state.unloaded;
}

function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'isAbort' in error && error.isAbort === true
  );
}

/** A notifications store over the given API (the SDK in the app, a fake in tests). */
export function createNotificationsStore(api: () => NotificationsApi): NotificationsStore {
  let state = EMPTY;
  const listeners = new Set<() => void>();
  // Bumped when the connection stops, so answers and timers of an earlier session (another
  // user, or signed out since) change nothing.
  let session = 0;
  let connections = 0;
  let stop: (() => void) | null = null;

  const setState = (next: NotificationsState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const setItems = (items: readonly NotificationRecord[]) => setState({ ...state, items });

  const start = (cached: readonly NotificationRecord[]): (() => void) => {
    const current = session;
    const live = () => current === session;
    let unsubscribe: (() => Promise<void>) | null = null;
    // Ids shown from the cache: once the server has answered, only its list and what arrived
    // by realtime since remain.
    const fromCache = new Set(cached.map((item) => item.id));
    const withoutCached = (items: readonly NotificationRecord[]) =>
      items.filter((item) => !fromCache.has(item.id));
    if (cached.length > 0) setItems(mergeNotifications(cached, []));

    api()
      .getList(1, NOTIFICATIONS_PAGE_SIZE, { filter: 'read = false', sort: '-created' })
      .then(({ items, totalItems }) => {
        if (!live()) return;
        setState({
          ...state,
          items: mergeNotifications(items, withoutCached(state.items)),
          unloaded: Math.max(0, totalItems - items.length),
        });
      })
      .catch((error: unknown) => {
        const t = messages();
        if (!live()) return;
        setItems(withoutCached(state.items));
        if (isAbort(error)) return;
        toast({
          severity: 'error',
          summary: t.notifications.yourNotificationsCouldNotBe,
          detail: t.notifications.reloadThePageToTry,
          group: 'notifications-load',
        });
      });

    api()
      .subscribe('*', (event) => {
        const t = messages();
        if (!live()) return;
        if (event.action === 'create') {
          toast({
            severity: 'info',
            summary: t.notifications.newNotification,
            detail: event.record.title,
          });
          showNativeNotification(pb.authStore.record?.settings, event.record);
        }
        setItems(applyNotificationEvent(state.items, event));
      })
      .then((release) => {
        if (live()) unsubscribe = release;
        else release().catch(() => {});
      })
      .catch((error: unknown) => {
        // The list still loads; only live arrival is lost until the next page load.
        console.warn('Could not subscribe to notifications', error);
      });

    return () => {
      session += 1;
      unsubscribe?.().catch(() => {});
      setState(EMPTY);
    };
  };

  const finishDismiss = (id: string, current: number) => {
    if (current !== session) return;
    const record = state.items.find((item) => item.id === id);
    setState({
      ...state,
      items: removeNotification(state.items, id),
      dismissing: state.dismissing.filter((other) => other !== id),
    });
    if (!record) return;
    api()
      .update(id, { read: true })
      .catch(() => {
        const t = messages();
        if (current !== session) return;
        setItems(addNotification(state.items, record));
        toast({
          severity: 'error',
          summary: t.notifications.theNotificationCouldNotBe,
          detail: t.notifications.checkYourConnectionAndTry,
          group: 'notifications-dismiss',
        });
      });
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    connect(cached = []) {
      connections += 1;
      if (connections === 1) stop = start(cached);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        connections -= 1;
        if (connections === 0) {
          stop?.();
          stop = null;
        }
      };
    },
    dismiss(id) {
      if (state.dismissing.includes(id) || !state.items.some((item) => item.id === id)) return;
      setState({ ...state, dismissing: [...state.dismissing, id] });
      const current = session;
      setTimeout(() => finishDismiss(id, current), NOTIFICATION_DISMISS_MS);
    },
  };
}

/** The app's notifications, from the shared SDK client. */
export const notificationsStore = createNotificationsStore(() => pb.collection('notifications'));
