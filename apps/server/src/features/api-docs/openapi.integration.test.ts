import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { COLLECTIONS } from '@airgrid/schema';
import { validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../test/test-server.js';
import { OPENAPI_INDEX } from './core-routes.js';
import { openApiPath } from './openapi-document.js';

// GET /api/openapi.json is a valid OpenAPI 3.1 document (checked by @readme/openapi-parser) that
// describes every /api route the server registers: a new route fails here until its contract
// or declaration is in the document.

/** Every /api route the server registers, `METHOD /path` (Fastify's own HEADs left out). */
const registered = new Set<string>();
const watch = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat();
    const all = methods.includes('TRACE');
    for (const method of all ? ['ALL'] : methods) registered.add(`${method} ${route.url}`);
  });
};
subscribe('fastify.initialization', watch);
const server = await startTestServer().finally(() => unsubscribe('fastify.initialization', watch));

afterAll(async () => {
  await server.stop();
});

type Document = { paths: Record<string, Record<string, unknown>>; openapi: string };

async function fetchDocument(): Promise<{ response: Response; document: Document }> {
  const response = await fetch(`${server.url}/api/openapi.json`);
  return { response, document: (await response.clone().json()) as Document };
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const { response, document } = await fetchDocument();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(document.openapi).toBe('3.1.0');
    // The validator dereferences in place: give it a copy.
    const result = await validate(structuredClone(document) as never);
    if (!result.valid) expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('answers 304 to a client that has it', async () => {
    const { response } = await fetchDocument();
    const etag = response.headers.get('etag') ?? '';
    const again = await fetch(`${server.url}/api/openapi.json`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('describes every /api route the server registers', async () => {
    const { document } = await fetchDocument();
    const missing = [...registered].filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      // Fastify answers HEAD beside each GET; the GET's description covers it.
      if (method === 'HEAD' && registered.has(`GET ${path}`)) return false;
      const at = openApiPath(path);
      const concrete = at.includes('{collection}')
        ? [at, ...COLLECTIONS.map(({ name }) => at.replace('{collection}', name))]
        : [at];
      return !concrete.some((candidate) => {
        const operations = document.paths[candidate];
        if (!operations) return false;
        return method === 'ALL' || method.toLowerCase() in operations;
      });
    });
    expect(missing).toEqual([]);
    expect(registered.size).toBeGreaterThan(60);
  });

  it('gives every collection its record routes, and every auth collection its sign-in', async () => {
    const { document } = await fetchDocument();
    for (const { name, type } of COLLECTIONS) {
      const list = document.paths[`/api/collections/${name}/records`];
      const one = document.paths[`/api/collections/${name}/records/{id}`];
      expect(Object.keys(list ?? {}).sort(), name).toEqual(['get', 'post']);
      expect(Object.keys(one ?? {}).sort(), name).toEqual(['delete', 'get', 'patch']);
      if (type === 'auth') {
        expect(document.paths[`/api/collections/${name}/auth-with-password`], name).toBeDefined();
      }
    }
  });

  it('lists its operations in brief at /api/openapi-index.json', async () => {
    const { document } = await fetchDocument();
    const response = await fetch(`${server.url}/api/openapi-index.json`);
    expect(response.status).toBe(200);
    const index = OPENAPI_INDEX.parse(await response.json());
    const operations = Object.values(document.paths).flatMap((each) => Object.keys(each));
    expect(index.operations).toHaveLength(operations.length);
    expect(index.operations).toContainEqual({
      id: 'getGuide',
      method: 'GET',
      path: '/api/v1/guide',
      tag: 'Guide',
      summary: 'The schedule of a window, as viewers see it.',
    });
    const etag = response.headers.get('etag') ?? '';
    const again = await fetch(`${server.url}/api/openapi-index.json`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('carries the recorded examples (recorded-examples.json) on replies, bodies and parameters', async () => {
    const { document } = await fetchDocument();
    type Examples = { examples?: { recorded?: { value: unknown; description: string } } };
    const guide = document.paths['/api/v1/guide']?.get as {
      responses: Record<string, { content: Record<string, Examples> }>;
      parameters: { name: string; example?: string }[];
    };
    const recorded = guide.responses['200']?.content['application/json']?.examples?.recorded;
    expect(recorded?.value).toMatchObject({ organization: { slug: 'riverside' } });
    expect(recorded?.description).toMatch(/^`GET \/api\/v1\/guide\?organization=riverside&/);
    expect(guide.parameters.find((each) => each.name === 'organization')?.example).toBe(
      'riverside',
    );
    const signIn = document.paths['/api/collections/users/auth-with-password']?.post as {
      requestBody: { content: Record<string, Examples> };
    };
    expect(signIn.requestBody.content['application/json']?.examples?.recorded?.value).toEqual({
      identity: 'demo@airgrid.tv',
      password: 'airgrid-demo',
    });
  });

  it('says who may do what on a collection, in words, for each role', async () => {
    const { document } = await fetchDocument();
    const shows = document.paths['/api/collections/shows/records/{id}'] as Record<
      string,
      { 'x-access': Record<string, string> }
    >;
    expect(shows.patch?.['x-access']).toMatchObject({
      Guest: 'No',
      Viewer: 'No',
      Superuser: 'Yes',
      Editor: expect.stringMatching(/^When the record is their station’s/),
      Producer: expect.stringContaining('`producer` is themselves'),
    });
    const channels = document.paths['/api/collections/channels/records'] as Record<
      string,
      { 'x-access': Record<string, string> }
    >;
    expect(channels.get?.['x-access'].Guest).toBe('When `public` is true and `archived` is false');
  });
});
