import { ROLES } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { client, createMember, failure, signUpOwner } from './sdk.js';
import type { TestServer } from './test-server.js';

// The refusal matrix of PocketBase's operator endpoints (collections, settings, logs, backups):
// a guest gets 401, and every record that is not a superuser 403, whatever its station or role.

/** A call to an endpoint only superusers may use, named for the failure message. */
export type SuperuserCall = readonly [name: string, call: (pb: PocketBase) => Promise<unknown>];

/** What a guest gets. */
export const GUEST_REFUSED = {
  status: 401,
  message: 'The request requires valid record authorization token.',
  data: {},
};

/** What any record but a superuser gets. */
export const RECORD_REFUSED = {
  status: 403,
  message: 'The authorized record is not allowed to perform this action.',
  data: {},
};

/** Each call made by `pb`, with what it was refused (all at once). */
export function refusalsOf(calls: readonly SuperuserCall[], pb: PocketBase) {
  return Promise.all(calls.map(async ([name, call]) => [name, await failure(call(pb))] as const));
}

/**
 * Everyone who is not a superuser: the station's owner, a member of each other role, another
 * station's owner, and a script with an editor API key of the station.
 */
export async function nonSuperusers(
  server: TestServer,
  station: Awaited<ReturnType<typeof signUpOwner>>,
  root: PocketBase,
): Promise<{ role: string; pb: PocketBase }[]> {
  const [other, members, made] = await Promise.all([
    signUpOwner(server),
    Promise.all(
      ROLES.filter((role) => role !== 'owner').map(async (role) => ({
        role,
        pb: (await createMember(server, station.organization.id, role, root)).pb,
      })),
    ),
    station.pb.send('/api/v1/api-keys', {
      method: 'POST',
      body: { name: 'Operator endpoints', role: 'editor' },
    }) as Promise<{ key: string }>,
  ]);
  const script = client(server);
  script.authStore.save(made.key);
  return [
    { role: 'owner', pb: station.pb },
    ...members,
    { role: 'other station’s owner', pb: other.pb },
    { role: 'API key', pb: script },
  ];
}
