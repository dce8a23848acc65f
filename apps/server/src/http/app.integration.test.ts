import type { AppConfig } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, signUpOwner } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { ApiError } from '../errors/api-error.js';
import { BODY_LIMIT_BYTES } from './app.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    routes(app) {
      // Probes for the global body handling: the record API is not here yet.
      app.post('/api/test/echo', async (request) => ({ received: request.body }));
      app.get('/api/test/crash', async () => {
        throw new Error('secret internal detail');
      });
      app.get('/api/test/invalid', async () => {
        throw new ApiError(400, 'an error occurred while validating the submitted data', {
          title: { code: 'validation_required', message: 'Cannot be blank.' },
        });
      });
    },
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/health', () => {
  it('answers exactly as the contract says', async () => {
    const response = await server.fetch('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe('{"message":"API is healthy.","code":200,"data":{}}');
  });
});

describe('GET /api/v1/app-config', () => {
  it('tells the web app to use its built-in feedback form when no survey is configured', async () => {
    const response = await server.fetch('/api/v1/app-config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ feedbackUrl: null, publicOrganization: null });
  });

  it('names the only public station (not archived, with a public channel), and none when there are several', async () => {
    const publicOrganization = async () =>
      ((await (await server.fetch('/api/v1/app-config')).json()) as AppConfig).publicOrganization;
    // A fresh database: no station yet.
    expect(await publicOrganization()).toBeNull();

    const first = await signUpOwner(server, { slug: 'first-station' });
    // Nothing public to watch yet: not a station viewers can be sent to.
    expect(await publicOrganization()).toBeNull();
    await createChannel(first.pb, first.organization.id, { public: true });
    expect(await publicOrganization()).toBe('first-station');

    const second = await signUpOwner(server, { slug: 'second-station' });
    await createChannel(second.pb, second.organization.id, { public: false });
    expect(await publicOrganization()).toBe('first-station');
    await createChannel(second.pb, second.organization.id, { public: true });
    expect(await publicOrganization()).toBeNull();

    // An archived station no longer counts, and coming back makes two again.
    await second.pb.collection('organizations').update(second.organization.id, { archived: true });
    expect(await publicOrganization()).toBe('first-station');
    await second.pb.collection('organizations').update(second.organization.id, { archived: false });
    expect(await publicOrganization()).toBeNull();
    await first.pb.collection('organizations').update(first.organization.id, { archived: true });
    expect(await publicOrganization()).toBe('second-station');
  });
});

describe('the error envelope', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    for (const [method, pathname] of [
      ['GET', '/api/nothing/here'],
      ['POST', '/api/nothing/here'],
      ['DELETE', '/api/nothing/here/abc'],
      ['GET', '/api/collections/channels/records/'],
      ['GET', '/api/health/'],
    ] as const) {
      const response = await server.fetch(pathname, { method });
      expect(response.status, `${method} ${pathname}`).toBe(404);
      expect(await response.text()).toBe(
        '{"data":{},"message":"The requested resource wasn\'t found.","status":404}',
      );
    }
  });

  it('answers malformed JSON with a 400', async () => {
    const response = await server.fetch('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      data: {},
      message: 'Failed to read the request body: it is not valid JSON.',
      status: 400,
    });
  });

  it('answers a body over the limit with a 413', async () => {
    const response = await server.fetch('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `"${'x'.repeat(BODY_LIMIT_BYTES)}"`,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      data: {},
      message: 'Request entity too large.',
      status: 413,
    });
  });

  it('accepts a body within the limit', async () => {
    const response = await server.fetch('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Morning Coffee' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: { title: 'Morning Coffee' } });
  });

  it('answers an unsupported body type with a 415 envelope', async () => {
    const response = await server.fetch('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-airgrid-unknown' },
      body: 'hello',
    });
    expect(response.status).toBe(415);
    const body = (await response.json()) as { message: string };
    expect(body).toMatchObject({ data: {}, status: 415 });
    expect(body.message).toMatch(/JSON/);
  });

  it('hides the details of an unexpected failure', async () => {
    const response = await server.fetch('/api/test/crash');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toBe(
      '{"data":{},"message":"Something went wrong while processing your request.","status":500}',
    );
    expect(text).not.toContain('secret');
  });

  it('keeps field errors of a validation failure', async () => {
    const response = await server.fetch('/api/test/invalid');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      data: { title: { code: 'validation_required', message: 'Cannot be blank.' } },
      message: 'An error occurred while validating the submitted data.',
      status: 400,
    });
  });
});

describe('headers on every response', () => {
  it('sends the security headers of the contract and a content security policy', async () => {
    const response = await server.fetch('/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-xss-protection')).toBe('1; mode=block');
    const page = await server.fetch('/');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('gives every request an id, or echoes the caller’s', async () => {
    const generated = await server.fetch('/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await server.fetch('/api/health', { headers: { 'x-request-id': 'trace-42' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-42');
  });

  it('lets scripts on other origins call the API', async () => {
    const response = await server.fetch('/api/health', {
      headers: { origin: 'https://station.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await server.fetch('/api/health', {
      method: 'OPTIONS',
      headers: { origin: 'https://station.example', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
  });
});

describe('the web app', () => {
  it('answers app paths with index.html, revalidated each time (404 for a path with no page)', async () => {
    for (const [pathname, status] of [
      ['/', 200],
      ['/channels', 200],
      ['/api-docs', 200],
      ['/api-docs/records', 200],
      ['/no/such/page', 404],
      ['/watch/rctv-1?x=1', 200],
    ] as const) {
      const response = await server.fetch(pathname);
      expect(response.status, pathname).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Airgrid TV</title>');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await server.fetch('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the precompressed brotli or gzip file the browser accepts, else the plain one', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await server.fetch('/assets/index-abc123.js', {
        headers: { 'Accept-Encoding': accept },
      });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(response.headers.get('content-type'), accept).toMatch(
        /^text\/javascript|^application\/javascript/,
      );
      expect(response.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // fetch decodes the body: every encoding carries the same script.
      expect(await response.text(), accept).toBe('console.log("app");');
    }
  });

  it('answers a missing asset with a 404, not the app', async () => {
    const response = await server.fetch('/assets/index-gone.js');
    expect(response.status).toBe(404);
  });

  it('serves the build manifest uncached', async () => {
    const response = await server.fetch('/builds/latest.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ id: 'test-build', timestamp: 1 });
  });
});
