// The English UI strings of features/notifications/: its slice of the catalog, merged by i18n/en.ts.

export const notificationsMessages = {
  notifications: 'Notifications',
  unread: (count: string | number) => `${count} unread`,
  justNow: 'just now',
  yourNotificationsCouldNotBe: 'Your notifications could not be loaded.',
  reloadThePageToTry: 'Reload the page to try again.',
  newNotification: 'New notification',
  theNotificationCouldNotBe: 'The notification could not be dismissed.',
  checkYourConnectionAndTry: 'Check your connection and try again.',
  noNotifications: 'No notifications',
  youReAllCaughtUp: "You're all caught up!",
  dismiss: 'Dismiss',
};
