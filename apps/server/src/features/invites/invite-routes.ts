import { toRecordDate } from '@airgrid/domain';
import { inviteAccept, inviteLookup, inviteResend } from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import { registerEndpoint } from '../../http/endpoint.js';
import type { InviteMailer } from './invite-mailer.js';
import { INVITE_LIFETIME_MS } from './invites-collection.js';
import type { InvitesRepository } from './invites-repository.js';

const GONE = 'This invite does not exist, was already used or has expired.';
const ALREADY_A_MEMBER = 'You already belong to an organization: leave it before joining another.';

/**
 * What accepting an invite needs of the notifications feature: main.ts passes its Notifier,
 * as features do not import each other. A failed notification is logged there, never thrown.
 */
export interface InviteNotifier {
  notify(
    userId: string,
    notification: { title: string; body: string; type: 'success'; path: string },
  ): Promise<void>;
}

/**
 * Joining an organization by invite: look an invite up by its token (to show who invites you
 * and with which role), then accept it while signed in with the invited email. Admins resend a
 * pending invite (a new week, the same link); creating and revoking go through the records API.
 */
export function inviteRoutes(
  invites: InvitesRepository,
  notifier: InviteNotifier,
  mailer: InviteMailer,
  clock: Clock,
) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      inviteResend,
      async ({ params }, request) => {
        const organization = String(request.auth?.record.organization);
        const invite = await invites.findUnaccepted(params.id, organization);
        if (!invite) {
          throw new ApiError(404, 'This invite does not exist or was already accepted.');
        }
        const now = clock.now();
        const expires = toRecordDate(now + INVITE_LIFETIME_MS);
        await invites.extend(invite.id, expires, toRecordDate(now));
        const sent = await mailer.send({ ...invite, expires });
        if (!sent) {
          throw new ApiError(
            503,
            'The invite mail could not be sent. Check the server’s mail settings and try again.',
          );
        }
        return { id: invite.id, email: invite.email, role: invite.role, expires };
      },
      { authorize: requireInviteAdmin },
    );

    registerEndpoint(app, inviteLookup, async ({ params }) => {
      const invite = await invites.findPending(params.token, clock.now());
      if (!invite) throw new ApiError(404, GONE);
      return {
        organization: { id: invite.organization, name: invite.organizationName },
        email: invite.email,
        role: invite.role,
        expires: invite.expires,
      };
    });

    registerEndpoint(
      app,
      inviteAccept,
      async ({ body }, request) => {
        const auth = request.auth;
        if (auth?.collection.name !== 'users') throw new ApiError(401, NOT_SIGNED_IN);
        const invite = await invites.findPending(body.token, clock.now());
        if (!invite) throw new ApiError(404, GONE);
        if (String(auth.record.email).toLowerCase() !== invite.email.toLowerCase()) {
          throw new ApiError(
            403,
            `This invite was sent to ${invite.email}: sign in with that address to accept it.`,
          );
        }
        if (auth.record.organization) throw new ApiError(400, ALREADY_A_MEMBER);
        // The checks above read before the write: the accept itself decides between parallel ones.
        const outcome = await invites.accept(invite, String(auth.record.id), clock.now());
        if (outcome === 'gone') throw new ApiError(404, GONE);
        if (outcome === 'member') throw new ApiError(400, ALREADY_A_MEMBER);
        const who = String(auth.record.name || auth.record.email);
        for (const admin of await invites.adminsOf(invite.organization)) {
          if (admin === auth.record.id) continue;
          await notifier.notify(admin, {
            title: `${who} joined ${invite.organizationName}`,
            body: `${who} accepted your invite and joined as ${invite.role}.`,
            type: 'success',
            path: `/members/${String(auth.record.id)}`,
          });
        }
        return {
          organization: { id: invite.organization, name: invite.organizationName },
          role: invite.role,
        };
      },
      { authorize: requireUser },
    );
  };
}

const NOT_SIGNED_IN = 'Sign in with the invited email address to accept the invite.';

/** Accepting needs a signed-in user (checked before the body: a guest's empty body is a 401). */
function requireUser(request: FastifyRequest): void {
  if (request.auth?.collection.name !== 'users') throw new ApiError(401, NOT_SIGNED_IN);
}

/** Resending is for owners and admins of the organization. */
function requireInviteAdmin(request: FastifyRequest): void {
  const auth = request.auth;
  if (auth?.collection.name !== 'users' || !auth.record.organization) {
    throw new ApiError(401, 'Sign in as an owner or admin of the organization to resend invites.');
  }
  if (auth.record.role !== 'owner' && auth.record.role !== 'admin') {
    throw new ApiError(403, 'Only owners and admins can resend invites.');
  }
}
