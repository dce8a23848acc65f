import type { Mailer, MailLog } from '../../auth/mailer.js';
import type { RecordEvent } from '../../records/record-events.js';
import { inviteMail } from './invite-mail.js';
import type { InvitesRepository } from './invites-repository.js';

/**
 * Mails each new invite. It watches this node's committed record events, so an invite made
 * through any door (the app, the SDK, a batch) is mailed once, by the node that wrote it, and
 * only after it exists. A mail that cannot be sent is logged; the admin can resend it.
 */
export class InviteMailer {
  constructor(
    private readonly invites: InvitesRepository,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
    private readonly log: MailLog,
  ) {}

  /** Called with every batch of events this node's writes commit. */
  observe(events: readonly RecordEvent[]): void {
    for (const event of events) {
      if (event.collection !== 'invites' || event.action !== 'create') continue;
      const { id, organization, email, role, token, expires } = event.record;
      void this.send({
        id: String(id),
        organization: String(organization),
        email: String(email),
        role: String(role),
        token: String(token),
        expires: String(expires),
      });
    }
  }

  /** Sends the invite's mail; false when it could not be handed over (logged). */
  async send(invite: {
    id: string;
    organization: string;
    email: string;
    role: string;
    token: string;
    expires: string;
  }): Promise<boolean> {
    try {
      const organizationName = (await this.invites.organizationName(invite.organization)) ?? '';
      await this.mailer.send(
        inviteMail(this.appUrl, {
          to: invite.email,
          organizationName,
          role: invite.role,
          token: invite.token,
          expires: invite.expires,
        }),
      );
      return true;
    } catch (error) {
      this.log.error({ err: error, invite: invite.id }, 'invite mail could not be sent');
      return false;
    }
  }
}
