import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, createShow, signUpOwner } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// Deletions that change what a guide is made of are dated per organization, for the feeds'
// Last-Modified (schedule-deletions-repository.ts), and the date goes with the organization.

let server: TestServer;
/** The server's "now", which the test sets: deletions are dated by it. */
let now = Date.parse('2031-03-04T05:06:07.089Z');

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
});

afterAll(async () => {
  await server?.stop();
});

async function lastDeletion(organization: string): Promise<string | undefined> {
  const row = await server.app.database.db
    .selectFrom('_schedule_deletions')
    .select('deleted')
    .where('organization', '=', organization)
    .executeTakeFirst();
  return row?.deleted;
}

describe('schedule deletions', () => {
  it('dates a deleted channel or show, and leaves with the organization', async () => {
    const station = await signUpOwner(server);
    const organization = station.organization.id;
    expect(await lastDeletion(organization)).toBeUndefined();

    const channel = await createChannel(station.pb, organization, { name: 'Gone' });
    await station.pb.collection('channels').delete(channel.id);
    expect(await lastDeletion(organization)).toBe('2031-03-04 05:06:07.089Z');

    const show = await createShow(station.pb, organization, { title: 'Gone too' });
    now += 60_000;
    await station.pb.collection('shows').delete(show.id);
    expect(await lastDeletion(organization)).toBe('2031-03-04 05:07:07.089Z');

    // A rival's deletions are its own.
    const rival = await signUpOwner(server);
    expect(await lastDeletion(rival.organization.id)).toBeUndefined();

    await station.pb.collection('organizations').delete(organization);
    expect(await lastDeletion(organization)).toBeUndefined();
  });
});
