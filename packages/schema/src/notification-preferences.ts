import { NOTIFICATION_TYPES } from './collections/notifications.js';

// What a user wants to hear about and how (`users.settings.notifications`): by email (on by
// default, the seed's "email on"), as the browser's own notifications (off by default, "native
// off"), and per notification type (all on). The server reads it before mailing a notification;
// the app before showing one outside the page.

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationPreferences {
  email: boolean;
  native: boolean;
  /** Per type; a type not listed is on. */
  types: Record<NotificationType, boolean>;
}

export const NOTIFICATION_TYPE_LABELS: Readonly<Record<NotificationType, string>> = {
  info: 'News and updates',
  reminder: 'Reminders',
  help: 'Help replies',
  message: 'Messages',
  comments: 'Comments',
  mail: 'Mail',
  task: 'Tasks',
  error: 'Errors (a failed sync or import)',
  warning: 'Warnings',
  success: 'Done (someone joined, an import finished)',
};

export function defaultNotificationPreferences(): NotificationPreferences {
  return {
    email: true,
    native: false,
    types: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])) as Record<
      NotificationType,
      boolean
    >,
  };
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The user's preferences from their settings, each part defaulted when missing or malformed. */
export function readNotificationPreferences(settings: unknown): NotificationPreferences {
  const saved = record(record(settings).notifications);
  const types = record(saved.types);
  const preferences = defaultNotificationPreferences();
  if (typeof saved.email === 'boolean') preferences.email = saved.email;
  if (typeof saved.native === 'boolean') preferences.native = saved.native;
  for (const type of NOTIFICATION_TYPES) {
    if (typeof types[type] === 'boolean') preferences.types[type] = types[type] as boolean;
  }
  return preferences;
}

/** The settings with these preferences, keeping every other setting. */
export function withNotificationPreferences(
  settings: unknown,
  preferences: NotificationPreferences,
): Record<string, unknown> {
  return {
    ...record(settings),
    notifications: { ...preferences, types: { ...preferences.types } },
  };
}

function typeOn(preferences: NotificationPreferences, type: unknown): boolean {
  return typeof type !== 'string' || preferences.types[type as NotificationType] !== false;
}

/** Whether a notification of this type is mailed to the user. */
export function wantsEmail(settings: unknown, type: unknown): boolean {
  const preferences = readNotificationPreferences(settings);
  return preferences.email && typeOn(preferences, type);
}

/** Whether a notification of this type is shown as a browser notification. */
export function wantsNative(settings: unknown, type: unknown): boolean {
  const preferences = readNotificationPreferences(settings);
  return preferences.native && typeOn(preferences, type);
}
