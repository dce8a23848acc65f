import { wantsNative } from '@airgrid/schema';

/** What the browser notification needs of a notification record. */
export interface NativeNotice {
  id: string;
  title: string;
  body?: string;
  type?: string;
}

/**
 * Shows a new notification as the browser's own, when the user turned browser notifications on
 * for its type (Settings → Notifications), the browser allows them, and the page is not in view
 * (in view, the app's toast already says it). Returns whether it was shown.
 */
export function showNativeNotification(settings: unknown, notice: NativeNotice): boolean {
  if (typeof window === 'undefined' || !('Notification' in window)) return false;
  if (Notification.permission !== 'granted') return false;
  if (document.visibilityState === 'visible') return false;
  if (!wantsNative(settings, notice.type)) return false;
  new Notification(notice.title, { body: notice.body ?? '', tag: notice.id });
  return true;
}
