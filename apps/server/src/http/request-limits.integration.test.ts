import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChannel, signUpOwner } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// What one request may cost (docs/security.md): a signed-out expand that multiplies shared
// records level by level is refused with a 400 before anything large is built, and a guest
// address gets a bounded number of requests per window.

describe('expand amplification', () => {
  let server: TestServer;
  let organization: string;

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await signUpOwner(server);
    organization = owner.organization.id;
    const batch = owner.pb.createBatch();
    for (let i = 0; i < 20; i++)
      batch.collection('channels').create(buildChannel(organization, { public: true }));
    await batch.send();
    const channels = await owner.pb.collection('channels').getFullList({ fields: 'id' });
    await owner.pb.collection('embeds').create({
      organization,
      name: 'Everything',
      kind: 'guide',
      channels: channels.map((channel) => channel.id),
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a signed-out expand whose answer would explode, quickly and with a 400', async () => {
    const hop = 'embeds_via_channels.channels';
    const expand = [hop, hop, hop].join('.');
    const started = process.memoryUsage().rss;
    const response = await server.fetch(
      `/api/collections/channels/records?perPage=21&filter=${encodeURIComponent(`organization="${organization}"`)}&expand=${expand}`,
      { signal: AbortSignal.timeout(10_000) },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      message:
        'The response would be larger than 16 MB: ask for fewer records per page, fewer fields or a shallower expand.',
      data: {},
    });
    // Nothing of the 150 MB answer was built.
    expect(process.memoryUsage().rss - started).toBeLessThan(100 * 1024 * 1024);
  });

  it('still answers a reasonable expand', async () => {
    const response = await server.fetch(
      `/api/collections/channels/records?perPage=5&filter=${encodeURIComponent(`organization="${organization}"`)}&expand=embeds_via_channels.channels`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      items: { expand: { embeds_via_channels: { expand: { channels: unknown[] } }[] } }[];
    };
    expect(body.items).toHaveLength(5);
    expect(body.items[0]?.expand.embeds_via_channels[0]?.expand.channels).toHaveLength(20);
  });
});

describe('guest rate limit', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;

  beforeAll(async () => {
    server = await startTestServer({ env: { GUEST_RATE_LIMIT: '5/1m', TRUST_PROXY: 'true' } });
    owner = await signUpOwner(server);
  });

  afterAll(async () => {
    await server?.stop();
  });

  const guest = (address: string, path = '/api/collections/channels/records') =>
    server.fetch(path, { headers: { 'x-forwarded-for': address } });

  it('answers a guest past the limit with 429, the envelope and Retry-After', async () => {
    // signUpOwner's sign-up was a guest request from 127.0.0.1, not from these addresses.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await guest('203.0.113.7')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await guest('203.0.113.7', '/api/v1/app-config');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 429, message: 'Too Many Requests.', data: {} });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts each address apart, behind a trusted proxy', async () => {
    expect((await guest('203.0.113.8')).status).toBe(200);
  });

  it('does not count signed-in requests', async () => {
    for (let i = 0; i < 8; i++) {
      const response = await server.fetch('/api/collections/channels/records', {
        headers: { 'x-forwarded-for': '203.0.113.7', authorization: owner.pb.authStore.token },
      });
      expect(response.status).toBe(200);
    }
  });
});
