import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, failure, superuser } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// The waitlist area (issue 37's recipe, walked end to end): POST /api/v1/waitlist keeps one
// entry per address, tells nobody who is waiting, and checks fields as the collection does.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const join = (body: Record<string, unknown>) =>
  client(server).send('/api/v1/waitlist', { method: 'POST', body });

async function entriesOf(email: string) {
  const root = await superuser(server);
  return root
    .collection('waitlist')
    .getFullList({ filter: root.filter('email = {:email}', { email }) });
}

describe('joining the waitlist', () => {
  it('makes an entry for a new address, kept in lower case', async () => {
    expect(await join({ email: ' Pat@Example.org ', name: 'Pat', station: 'KXYZ' })).toEqual({
      joined: true,
    });
    expect(await entriesOf('pat@example.org')).toEqual([
      expect.objectContaining({ email: 'pat@example.org', name: 'Pat', station: 'KXYZ', note: '' }),
    ]);
  });

  it('updates the entry when the address joins again, keeping what was left blank', async () => {
    await join({ email: 'sam@example.org', name: 'Sam', station: 'KABC' });
    expect(await join({ email: 'SAM@example.org', note: 'Still keen', station: '' })).toEqual({
      joined: true,
    });
    expect(await entriesOf('sam@example.org')).toEqual([
      expect.objectContaining({ name: 'Sam', station: 'KABC', note: 'Still keen' }),
    ]);
  });

  it('keeps one entry when the same new address joins twice at once', async () => {
    await Promise.all([
      join({ email: 'twice@example.org', name: 'One' }),
      join({ email: 'twice@example.org', name: 'Two' }),
    ]);
    expect(await entriesOf('twice@example.org')).toHaveLength(1);
  });

  it('refuses a missing or malformed address, and fields past their limits, field by field', async () => {
    expect(await failure(join({ name: 'Nobody' }))).toMatchObject({
      status: 400,
      data: { email: { code: 'validation_required', message: 'Cannot be blank.' } },
    });
    expect(await failure(join({ email: 'not-an-address' }))).toMatchObject({
      status: 400,
      data: { email: { code: 'validation_is_email' } },
    });
    expect(
      await failure(join({ email: 'long@example.org', station: 'x'.repeat(121) })),
    ).toMatchObject({
      status: 400,
      data: { station: { code: 'validation_max_text_constraint' } },
    });
    expect(await failure(join({ email: 'typed@example.org', note: 42 }))).toMatchObject({
      status: 400,
      data: { note: { code: 'validation_invalid_value', message: 'Must be text.' } },
    });
    expect(await entriesOf('long@example.org')).toEqual([]);
  });
});
