import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { ENDPOINTS } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/test-server.js';

// Every /api/v1 route the server registers is declared once in @airgrid/schema/contracts and
// registered from its contract (http/endpoint.ts reads the request with it), and every
// contract is a route (decision 0038).

/**
 * The routes registered by hand, each with why; the list only shrinks. Only the tus uploads are
 * left, and they stay (decision 0038): tus is a protocol of its own, not one method and path
 * with a JSON body and answer. Its requests are told apart by their headers (Tus-Resumable,
 * Upload-Offset, Upload-Length, Upload-Metadata), a PATCH carries raw bytes
 * (application/offset+octet-stream) and most answers are headers with no body; tus-js-client
 * speaks it, and the OpenAPI document links the tus 1.0 protocol for it.
 */
const UNDECLARED = new Set<string>([
  // tus (decision 0027): the protocol's own methods and headers, driven by tus-js-client.
  'ALL /api/v1/uploads',
  'ALL /api/v1/uploads/:id',
]);

/** `METHOD /path` → the contract key it was registered from (or '' when by hand). */
const registered = new Map<string, string>();

const watch = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    const methods = [route.method].flat();
    // `app.all` registers every method Fastify knows; such a route is one entry, ALL.
    const all = methods.includes('TRACE');
    for (const method of all ? ['ALL'] : methods) {
      // Fastify adds a HEAD route beside each GET; the GET's contract covers it.
      if (method === 'HEAD') continue;
      registered.set(`${method} ${route.url}`, route.config?.endpoint ?? '');
    }
  });
};
subscribe('fastify.initialization', watch);
const server = await startTestServer().finally(() => unsubscribe('fastify.initialization', watch));

afterAll(async () => {
  await server.stop();
});

describe('endpoint contracts', () => {
  it('declare each endpoint once', () => {
    const keys = ENDPOINTS.map((endpoint) => endpoint.key);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('register every /api/v1 route from its contract, and every contract as a route', () => {
    const byHand = [...registered].filter(([, key]) => key === '').map(([route]) => route);
    expect(byHand.sort()).toEqual([...UNDECLARED].sort());
    for (const [route, key] of registered) {
      if (key !== '') expect(route).toBe(key);
    }
    const routes = new Set(registered.keys());
    const unregistered = ENDPOINTS.map((endpoint) => endpoint.key).filter(
      (key) => !routes.has(key),
    );
    expect(unregistered).toEqual([]);
  });
});
