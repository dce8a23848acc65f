import type { MailMessage } from '../auth/mailer.js';

/**
 * A notification as a mail: its title as the subject, its body, and a link to the page it is
 * about. The footer says where to turn these mails off.
 */
export function notificationMail(
  appUrl: string,
  to: string,
  notification: { title: string; body?: string; path?: string },
): MailMessage {
  const lines = [notification.title, ''];
  if (notification.body) lines.push(notification.body, '');
  if (notification.path) lines.push(`Open it in Airgrid TV: ${appUrl}${notification.path}`, '');
  lines.push(
    '—',
    `You get these mails because email notifications are on. Change that in Settings → Notifications: ${appUrl}/settings/notifications`,
    '',
  );
  return { to, subject: notification.title, text: lines.join('\n') };
}
