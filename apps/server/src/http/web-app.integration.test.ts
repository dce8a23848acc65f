import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// The web app's statuses: every path outside /api with no file gets index.html (the app shows
// the page, its own 404 page included), with 200 for a page of the app and 404 for any other
// path, so crawlers and link checkers see what the page says. Which paths are pages comes from
// @airgrid/schema's APP_PATHS, which the web app's route table is tested against.

const INDEX_HTML =
  '<!doctype html><html><head><title>Airgrid TV</title></head><body><div id="root"></div></body></html>';

let server: TestServer;
let build: string;

beforeAll(async () => {
  // A build without the server entry: the pages viewers land on come as index.html too.
  build = mkdtempSync(path.join(tmpdir(), 'airgrid-web-app-'));
  mkdirSync(path.join(build, 'dist', 'assets'), { recursive: true });
  writeFileSync(path.join(build, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(build, 'dist', 'assets', 'app-abc123.js'), 'console.log(1);');
  server = await startTestServer({ env: { WEB_DIST: path.join(build, 'dist') } });
});

afterAll(async () => {
  await server?.stop();
  if (build) rmSync(build, { recursive: true, force: true });
});

async function expectIndex(pathname: string, status: number): Promise<void> {
  const response = await server.fetch(pathname);
  expect(response.status, pathname).toBe(status);
  expect(response.headers.get('content-type'), pathname).toContain('text/html');
  expect(await response.text(), pathname).toBe(INDEX_HTML);
}

describe('the web app', () => {
  it('answers 200 for its pages, its redirects and a record that may not exist', async () => {
    for (const pathname of [
      '/dashboard',
      '/dashboard/',
      '/DASHBOARD',
      '/tvguide',
      '/watch',
      '/watch/rctv-1',
      '/o/riverside/watch/rctv-1',
      '/o/no-such-station/tvguide',
      '/shows/abcdefghij12345',
      '/shows/submissions',
      '/settings/notifications',
      '/login',
      '/docs/sdk',
      '/tvguide?date=2026-01-01',
    ]) {
      await expectIndex(pathname, 200);
    }
  });

  it('answers 404 for any other path and for a parameter of a shape nothing has', async () => {
    for (const pathname of [
      '/no/such/page',
      '/no/such/page?x=1',
      '/tvguide/extra',
      '/shows/not-an-id',
      '/members/ABCDEFGHIJ12345',
      '/watch/%3Cb%3E',
      '/watch/rctv-1/extra',
      `/o/riverside/watch/${'a'.repeat(65)}`,
      '/o/Riverside/watch',
    ]) {
      await expectIndex(pathname, 404);
    }
  });

  it('keeps a missing asset and an unknown API path a 404 of their own', async () => {
    const asset = await server.fetch('/assets/missing-abc123.js');
    expect(asset.status).toBe(404);
    expect(await asset.text()).toBe('Not found');
    expect((await server.fetch('/assets/app-abc123.js')).status).toBe(200);
    const api = await server.fetch('/api/no/such/thing');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ status: 404 });
  });
});
