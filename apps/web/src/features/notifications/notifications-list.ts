import { type BaseRecord, NOTIFICATION_TYPES } from '@airgrid/schema';
import { messages } from '../../i18n/messages';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A `notifications` record as the API sends it. */
export interface NotificationRecord extends BaseRecord {
  user: string;
  title: string;
  body: string;
  read: boolean;
  type: NotificationType;
  /** An app path (or a web address) the notification opens; '' when it opens nothing. */
  path: string;
  /** An image address shown instead of the type icon; '' for none. */
  img: string;
}

/** Whether a value read back from storage is an unread notification record the list can show. */
export function isUnreadNotification(value: unknown): value is NotificationRecord {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    ['id', 'created', 'updated', 'user', 'title', 'body', 'path', 'img'].every(
      (key) => typeof item[key] === 'string',
    ) &&
    item.read === false &&
    (NOTIFICATION_TYPES as readonly unknown[]).includes(item.type)
  );
}

/** What a realtime message about a notification says happened to it. */
export interface NotificationEvent {
  action: string;
  record: NotificationRecord;
}

// Record dates ("2024-05-01 10:11:12.345Z") sort as text; the id breaks ties so the order is
// stable when several notifications arrive within the same millisecond.
function newerFirst(a: NotificationRecord, b: NotificationRecord): number {
  if (a.created !== b.created) return a.created < b.created ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Adds a notification in date order, unless one with the same id is already listed. */
export function addNotification(
  items: readonly NotificationRecord[],
  record: NotificationRecord,
): readonly NotificationRecord[] {
  if (items.some((item) => item.id === record.id)) return items;
  return [...items, record].sort(newerFirst);
}

/** The list without the notification of this id. */
export function removeNotification(
  items: readonly NotificationRecord[],
  id: string,
): readonly NotificationRecord[] {
  return items.some((item) => item.id === id) ? items.filter((item) => item.id !== id) : items;
}

/**
 * The unread notifications just loaded, plus any that arrived by realtime while they loaded
 * (the list request may have been answered before they were created).
 */
export function mergeNotifications(
  loaded: readonly NotificationRecord[],
  current: readonly NotificationRecord[],
): readonly NotificationRecord[] {
  return current.reduce(addNotification, [...loaded].filter((item) => !item.read).sort(newerFirst));
}

/**
 * The list after a realtime message. A created notification is added only if its id is not
 * listed yet (seed §4); one marked read or deleted elsewhere (another tab) leaves the list.
 */
export function applyNotificationEvent(
  items: readonly NotificationRecord[],
  { action, record }: NotificationEvent,
): readonly NotificationRecord[] {
  if (action === 'delete' || record.read) return removeNotification(items, record.id);
  if (action === 'create') return addNotification(items, record);
  if (action === 'update') {
    return items.map((item) => (item.id === record.id ? record : item));
  }
  return items;
}

/** Where clicking a notification goes: an app route, another site, or nowhere. */
export type NotificationTarget =
  | { kind: 'app'; to: string }
  | { kind: 'external'; href: string }
  | null;

/** Reads a notification's path: `/shows/abc` is an app route, `https://…` another site. */
export function notificationTarget(path: string): NotificationTarget {
  const trimmed = path.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return { kind: 'app', to: trimmed };
  if (/^https?:\/\/[^/\s]/i.test(trimmed)) return { kind: 'external', href: trimmed };
  return null;
}

const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86_400;
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long since `thenMs`. */
export function formatRelativeTime(thenMs: number, nowMs: number): string {
  const t = messages();
  const seconds = (thenMs - nowMs) / 1000;
  const size = Math.abs(seconds);
  // Rounded away from now on both sides, so 90 s ago reads "2 minutes ago" like 90 s ahead.
  const inUnits = (unitSeconds: number) => Math.sign(seconds) * Math.round(size / unitSeconds);
  if (size < 45) return t.notifications.justNow;
  if (size < HOUR_S) return relative.format(inUnits(MINUTE_S), 'minute');
  if (size < DAY_S) return relative.format(inUnits(HOUR_S), 'hour');
  if (size < 7 * DAY_S) return relative.format(inUnits(DAY_S), 'day');
  if (size < 30 * DAY_S) return relative.format(inUnits(7 * DAY_S), 'week');
  if (size < 365 * DAY_S) return relative.format(inUnits(30 * DAY_S), 'month');
  return relative.format(inUnits(365 * DAY_S), 'year');
}
