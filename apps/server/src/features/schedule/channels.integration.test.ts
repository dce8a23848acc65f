import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createChannel, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('channels', () => {
  it('are readable by anyone when public and not archived, and only by members otherwise', async () => {
    const station = await signUpOwner(server);
    const organization = station.organization.id;
    const open = await createChannel(station.pb, organization, { name: 'Open', public: true });
    const closed = await createChannel(station.pb, organization, { name: 'Closed' });
    const retired = await createChannel(station.pb, organization, {
      name: 'Retired',
      public: true,
      archived: true,
    });

    const guest = client(server);
    const visible = await guest
      .collection('channels')
      .getFullList({ filter: `organization = "${organization}"` });
    expect(visible.map((channel) => channel.id)).toEqual([open.id]);
    expect((await guest.collection('channels').getOne(open.id)).name).toBe('Open');
    for (const hidden of [closed.id, retired.id])
      await expect(guest.collection('channels').getOne(hidden)).rejects.toMatchObject({
        status: 404,
      });

    const stranger = await signUpOwner(server);
    await expect(stranger.pb.collection('channels').getOne(closed.id)).rejects.toMatchObject({
      status: 404,
    });
    // Reading is not writing: a stranger cannot change a public channel.
    await expect(
      stranger.pb.collection('channels').update(open.id, { name: 'Mine now' }),
    ).rejects.toMatchObject({ status: 404 });
    const members = await station.pb.collection('channels').getFullList();
    expect(members).toHaveLength(3);
  });
});
