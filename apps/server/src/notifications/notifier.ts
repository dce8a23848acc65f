import { type NOTIFICATION_TYPES, users, wantsEmail } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../auth/mailer.js';
import { type RecordService, serverRequest } from '../records/record-service.js';
import { notificationMail } from './notification-mail.js';

type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationInput {
  title: string;
  body?: string;
  type?: NotificationType;
  /** An app path the notification opens when clicked, e.g. /shows/abc. */
  path?: string;
  img?: string;
}

/** How a notification also goes out by mail: the mailer and the app's address for links. */
export interface NotificationMailing {
  mailer: Mailer;
  appUrl: string;
}

/**
 * Sends a user a notification: a `notifications` record written through the record engine as
 * the server, so it is validated like any record and reaches the user's bell by realtime, and
 * a mail when the user's notification preferences ask for this type by email (on by default).
 * Other features call it (an invite accepted, a submission received, a sync failed); a failure
 * is logged, never thrown into the feature that caused it.
 */
export class Notifier {
  constructor(
    private readonly records: RecordService,
    private readonly log: FastifyBaseLogger,
    private readonly mailing?: NotificationMailing,
  ) {}

  async notify(userId: string, notification: NotificationInput): Promise<void> {
    try {
      await this.records.create(
        'notifications',
        { user: userId, type: 'info', ...notification, read: false },
        serverRequest('POST'),
      );
    } catch (error) {
      this.log.error({ err: error, userId }, 'notification could not be sent');
      return;
    }
    // Not awaited: a slow mail server must not hold the request that caused the notification.
    void this.mail(userId, notification);
  }

  private async mail(userId: string, notification: NotificationInput): Promise<void> {
    if (!this.mailing) return;
    try {
      const user = await this.records.findRecord(users, userId);
      const email = typeof user?.email === 'string' ? user.email : '';
      if (!email || !wantsEmail(user?.settings, notification.type ?? 'info')) return;
      await this.mailing.mailer.send(notificationMail(this.mailing.appUrl, email, notification));
    } catch (error) {
      this.log.error({ err: error, userId }, 'notification mail could not be sent');
    }
  }
}
