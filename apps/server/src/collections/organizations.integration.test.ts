import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { ALREADY_A_MEMBER } from './organizations.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('creating an organization', () => {
  /** Eight creates at once by one user; their statuses and bodies. */
  async function createInParallel(token: string, slug: string) {
    return Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const response = await fetch(`${server.url}/api/collections/organizations/records`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', Authorization: token },
          body: JSON.stringify({ name: `Race ${i}`, slug: `${slug}-${i}`, timeZone: 'UTC' }),
        });
        return {
          status: response.status,
          body: (await response.json()) as { id?: string; message?: string },
        };
      }),
    );
  }

  it('makes one organization of eight parallel creates, owned by the user', async () => {
    // Three users race at once, so the creates overlap however the machine schedules them.
    const users = await Promise.all([1, 2, 3].map(() => signUp(server, { name: 'Founder' })));
    const stamp = Date.now().toString(36);
    const rounds = await Promise.all(
      users.map((user, i) => createInParallel(user.pb.authStore.token, `race-${stamp}-${i}`)),
    );
    for (const [i, answers] of rounds.entries()) {
      const user = users[i];
      if (!user) throw new Error('a user per round expected');
      const created = answers.filter((answer) => answer.status === 200);
      expect(created).toHaveLength(1);
      for (const answer of answers.filter((one) => one.status !== 200)) {
        // Those that lost in the transaction say why; any checked after the winner committed
        // fail the create rule, as a second create always has.
        expect([ALREADY_A_MEMBER, 'Failed to create record.']).toContain(answer.body.message);
        expect(answer.status).toBe(400);
      }
      const organizations = await server.database.db
        .selectFrom('organizations')
        .select('id')
        .where('slug', 'like', `race-${stamp}-${i}-%`)
        .execute();
      expect(organizations.map((row) => row.id)).toEqual([created[0]?.body.id]);
      const owner = await server.database.db
        .selectFrom('users')
        .select(['organization', 'role'])
        .where('id', '=', user.record.id)
        .executeTakeFirstOrThrow();
      expect(owner).toEqual({ organization: created[0]?.body.id, role: 'owner' });
    }
  });

  it('still refuses a user who already has one, through the create rule', async () => {
    const user = await signUp(server, { name: 'Twice' });
    await user.pb
      .collection('organizations')
      .create({ name: 'First', slug: `first-${Date.now().toString(36)}`, timeZone: 'UTC' });
    await user.pb.collection('users').authRefresh();
    const response = await fetch(`${server.url}/api/collections/organizations/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: user.pb.authStore.token },
      body: JSON.stringify({
        name: 'Second',
        slug: `second-${Date.now().toString(36)}`,
        timeZone: 'UTC',
      }),
    });
    expect(response.status).toBe(400);
  });
});
