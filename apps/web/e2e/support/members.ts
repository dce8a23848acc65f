import { expect } from '@playwright/test';
import PocketBase from 'pocketbase';
import { superuserClient } from './superuser';

export const PASSWORD = 'a-good-password';
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface Account {
  name: string;
  email: string;
}

/** An SDK client signed in as the given user (the test's side, as a station script would). */
export async function signedIn(baseURL: string, email: string, password = PASSWORD) {
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(email, password);
  return pb;
}

/**
 * The owner invites a new user as a viewer, who signs up and accepts; the server then sends
 * the owner the notification "{name} joined {organization}". Returns the new member. The
 * invite's token is hidden from everyone but superusers (the invitee gets it by email), so it
 * is read as a superuser.
 */
export async function inviteSomeoneWhoJoins(baseURL: string, owner: Account, password = PASSWORD) {
  const ownerClient = await signedIn(baseURL, owner.email, password);
  const organization = String(ownerClient.authStore.record?.organization);
  const id = unique();
  const member = { name: `Mo Member ${id}`, email: `member-${id}@example.org` };
  const invite = await ownerClient
    .collection('invites')
    .create({ organization, email: member.email, role: 'viewer' });
  const { token } = await (await superuserClient(baseURL)).collection('invites').getOne(invite.id);
  expect(token).toEqual(expect.any(String));

  const memberClient = new PocketBase(baseURL);
  memberClient.autoCancellation(false);
  const record = await memberClient
    .collection('users')
    .create({ ...member, password: PASSWORD, passwordConfirm: PASSWORD });
  await memberClient.collection('users').authWithPassword(member.email, PASSWORD);
  const accepted = await fetch(new URL('/api/v1/invites/accept', baseURL), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      Authorization: memberClient.authStore.token,
    },
    body: JSON.stringify({ token }),
  });
  expect(accepted.status).toBe(200);
  return { ...member, id: record.id };
}
