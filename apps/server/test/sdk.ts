import type { Role } from '@airgrid/schema';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { upsertSuperuser } from '../src/auth/superusers-repository.js';
import { systemClock } from '../src/clock.js';
import { hashPassword } from '../src/records/passwords.js';
import type { TestServer } from './test-server.js';

// Helpers for tests that drive the official SDK against a real server, as station scripts do.

let sequence = 0;

/** A new SDK client for the server, with its own in-memory auth store. */
export function client(server: TestServer): PocketBase {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  return pb;
}

/** A unique email for this run. */
export function uniqueEmail(name = 'user'): string {
  sequence += 1;
  return `${name}-${sequence}-${Date.now().toString(36)}@example.org`;
}

/** Signs up a user and returns a client signed in as them. */
export async function signUp(server: TestServer, fields: Record<string, unknown> = {}) {
  const pb = client(server);
  const email = uniqueEmail(
    String(fields.name ?? 'user')
      .toLowerCase()
      .replace(/\W+/g, '-'),
  );
  const password = 'correct-horse-battery';
  const record = await pb
    .collection('users')
    .create({ email, password, passwordConfirm: password, ...fields });
  await pb.collection('users').authWithPassword(email, password);
  return { pb, record, email, password };
}

/** Signs up a user who creates an organization and so becomes its owner. */
export async function signUpOwner(server: TestServer, organization: Record<string, unknown> = {}) {
  const user = await signUp(server, { name: 'Owner' });
  sequence += 1;
  const org = await user.pb.collection('organizations').create({
    name: `Station ${sequence}`,
    slug: `station-${sequence}-${Date.now().toString(36)}`,
    timeZone: 'America/New_York',
    ...organization,
  });
  await user.pb.collection('users').authRefresh();
  return { ...user, organization: org };
}

/** A client signed in as a superuser. */
export async function superuser(server: TestServer) {
  const email = uniqueEmail('root');
  await upsertSuperuser(
    server.database.db,
    systemClock,
    email,
    await hashPassword('superuser-password'),
  );
  const pb = client(server);
  await pb.collection('_superusers').authWithPassword(email, 'superuser-password');
  return pb;
}

/** The status and body of a failed SDK call (the test fails if the call succeeds). */
export async function failure(
  promise: Promise<unknown>,
): Promise<{ status: number; message: string; data: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ClientResponseError) {
      return { status: error.status, message: error.response.message, data: error.response.data };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Channel fields with a unique slug; pass overrides for what a test cares about. */
export function buildChannel(organization: string, overrides: Record<string, unknown> = {}) {
  const slug = `ch-${Math.random().toString(36).slice(2, 10)}`;
  return { organization, name: `Channel ${slug}`, slug, timeZone: 'UTC', ...overrides };
}

/** Saves a channel through the SDK as the given client. */
export function createChannel(
  pb: PocketBase,
  organization: string,
  overrides: Record<string, unknown> = {},
) {
  return pb.collection('channels').create(buildChannel(organization, overrides));
}

/** Show fields with a unique title; pass overrides for what a test cares about. */
export function buildShow(organization: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return { organization, title: `Show ${sequence}`, ...overrides };
}

/** Saves a show through the SDK as the given client. */
export function createShow(
  pb: PocketBase,
  organization: string,
  overrides: Record<string, unknown> = {},
) {
  return pb.collection('shows').create(buildShow(organization, overrides));
}

/** What a timeslot or a recurrence must name: the channel it airs on and the show it airs. */
type Airing = { channel: string; show: string } & Record<string, unknown>;

/** Timeslot fields: an hour at noon UTC on a Monday in 2031, far from any other test's week. */
export function buildTimeslot(organization: string, fields: Airing) {
  return { organization, start: '2031-01-06 12:00:00.000Z', durationSec: 3600, ...fields };
}

/** Saves a timeslot through the SDK as the given client. */
export function createTimeslot(pb: PocketBase, organization: string, fields: Airing) {
  return pb.collection('timeslots').create(buildTimeslot(organization, fields));
}

/** Recurrence fields: weekly on Mondays at noon UTC for an hour, from 6 January 2031. */
export function buildRecurrence(organization: string, fields: Airing) {
  return {
    organization,
    rrule: 'FREQ=WEEKLY;BYDAY=MO',
    timeZone: 'UTC',
    startLocal: '2031-01-06T12:00',
    durationSec: 3600,
    ...fields,
  };
}

/** Saves a recurrence through the SDK as the given client. */
export function createRecurrence(pb: PocketBase, organization: string, fields: Airing) {
  return pb.collection('recurrences').create(buildRecurrence(organization, fields));
}

/**
 * Signs up a user and makes them a member of the organization with the role, as a superuser
 * may (an invite takes mail and a token; tests about invites go that way). Returns the user,
 * signed in with the role in their token. Pass a superuser client to save making one.
 */
export async function createMember(
  server: TestServer,
  organization: string,
  role: Role,
  root?: PocketBase,
) {
  const user = await signUp(server, { name: role });
  await (root ?? (await superuser(server)))
    .collection('users')
    .update(user.record.id, { organization, role });
  await user.pb.collection('users').authRefresh();
  return user;
}

/** A valid WAV file of a few silent samples: the smallest upload a media field accepts. */
export function tinyWav(samples = 16): Buffer {
  const data = samples * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // sample rate
  header.writeUInt32LE(16000, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}
