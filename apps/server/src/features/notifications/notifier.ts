import type { NOTIFICATION_TYPES } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { RecordService } from '../../records/record-service.js';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationInput {
  title: string;
  body?: string;
  type?: NotificationType;
  /** An app path the notification opens when clicked, e.g. /shows/abc. */
  path?: string;
  img?: string;
}

/**
 * Sends a user a notification: a `notifications` record written through the record engine as
 * the server, so it is validated like any record and reaches the user's bell by realtime.
 * Other features call it (an invite accepted, a submission received, a sync failed); a failure
 * is logged, never thrown into the feature that caused it.
 */
export class Notifier {
  constructor(
    private readonly records: RecordService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async notify(userId: string, notification: NotificationInput): Promise<void> {
    try {
      await this.records.create(
        'notifications',
        { user: userId, type: 'info', ...notification, read: false },
        {
          auth: null,
          isSuperuser: true,
          body: {},
          query: {},
          headers: {},
          method: 'POST',
          context: 'default',
        },
      );
    } catch (error) {
      this.log.error({ err: error, userId }, 'notification could not be sent');
    }
  }
}
