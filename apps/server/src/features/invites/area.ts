import { defineArea } from '../../area.js';
import { InviteMailer } from './invite-mailer.js';
import { inviteRoutes } from './invite-routes.js';
import { invites } from './invites-collection.js';
import { InvitesRepository } from './invites-repository.js';

/** Invitations to join an organization: made by its admins, mailed, accepted by link. */
export const invitesArea = defineArea({
  name: 'invites',
  collections: [invites],
  start: ({ database, mailer, config, log, notifier, clock, authRecordsChanged }) => {
    const repository = new InvitesRepository(database.db, authRecordsChanged);
    const mails = new InviteMailer(repository, mailer, config.appUrl, log);
    return {
      routes: [inviteRoutes(repository, notifier, mails, clock)],
      // Only this node's own writes: each new invite is mailed once, by the node that made it.
      observe: (events) => mails.observe(events),
    };
  },
});
