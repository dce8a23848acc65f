import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// Onboarding's calls: the organization (made or joined) and its first channel. The session is
// read again afterwards (refreshSession), since the user record then names the organization.

export function createOrganization(body: Record<string, unknown>) {
  return pb.collection('organizations').create(body);
}

/** Joins the organization an invite code is for. */
export function acceptInvite(token: string) {
  return callEndpoint(pb, 'POST /api/v1/invites/accept', { body: { token } });
}

/** Whether the organization has a channel already (a member who joined one that runs). */
export async function hasChannels(organization: string): Promise<boolean> {
  const page = await pb.collection('channels').getList(1, 1, {
    filter: pb.filter('organization = {:organization}', { organization }),
    skipTotal: true,
  });
  return page.items.length > 0;
}

export function createChannel(body: Record<string, unknown>) {
  return pb.collection('channels').create(body);
}

/** Reads the signed-in record again, e.g. after joining an organization. */
export function refreshSession() {
  return pb.collection('users').authRefresh();
}
