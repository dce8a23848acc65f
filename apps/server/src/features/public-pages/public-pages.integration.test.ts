import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// The public pages the server renders (/, the guide, the watch pages), on SQLite and
// PostgreSQL. The web build's server entry is replaced by a small one that reads the station
// through the API as the real one does, so these tests are about the server's part: where the
// page goes in index.html, its caching and revalidation, its invalidation by an edit, the phone
// hint, and index.html whenever a page is not rendered. The real entry is exercised by the
// browser tests, which run against the built app.

const INDEX_HTML =
  '<!doctype html><html><head><title>Airgrid TV</title></head><body><div id="root"></div></body></html>';

/** Renders /o/:slug/tvguide from the station's public face; declines every other path. */
const SERVER_ENTRY = `
let origin = '';
export const SERVER_STATE_ID = 'airgrid-state';
export function configureServerRendering(apiOrigin) { origin = apiOrigin; }
export async function renderPage(url, screen) {
  globalThis.__publicPageRenders = (globalThis.__publicPageRenders ?? 0) + 1;
  const match = /^\\/o\\/([^/]+)\\/tvguide$/.exec(url.pathname);
  if (!match) return null;
  const station = await (await fetch(origin + '/api/v1/stations/' + match[1])).json();
  return {
    html: '<h1>' + station.name + '</h1><p>' + (screen.phone ? 'phone' : 'wide') + '</p>',
    state: JSON.stringify({ name: station.name, trap: '</script><!-- -->' }),
    organization: station.id,
  };
}
`;

let server: TestServer;
let build: string;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let guide: string;

function renders(): number {
  return (globalThis as { __publicPageRenders?: number }).__publicPageRenders ?? 0;
}

beforeAll(async () => {
  build = mkdtempSync(path.join(tmpdir(), 'airgrid-public-pages-'));
  mkdirSync(path.join(build, 'dist'));
  mkdirSync(path.join(build, 'dist-ssr'));
  writeFileSync(path.join(build, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(build, 'dist-ssr', 'entry-server.js'), SERVER_ENTRY);
  // A clock that stands still: a page is kept for its minute, and no minute ends mid-test.
  const now = Date.now();
  server = await startTestServer({
    env: { WEB_DIST: path.join(build, 'dist') },
    clock: { now: () => now },
  });
  owner = await signUpOwner(server, { name: 'Harbour TV', public: true });
  guide = `/o/${owner.organization.slug}/tvguide`;
});

afterAll(async () => {
  await server?.stop();
  if (build) rmSync(build, { recursive: true, force: true });
});

describe('a page the server renders', () => {
  it('arrives inside index.html with its data, the data escaped for a script element', async () => {
    const response = await server.fetch(guide);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('vary')).toContain('User-Agent');
    const html = await response.text();
    expect(html).toContain('<div id="root"><h1>Harbour TV</h1><p>wide</p></div>');
    const data = /<script type="application\/json" id="airgrid-state">(.*?)<\/script>/.exec(html);
    expect(data?.[1]).not.toContain('<');
    expect(JSON.parse(data?.[1] ?? '')).toEqual({ name: 'Harbour TV', trap: '</script><!-- -->' });
  });

  it('is kept: a revalidation ends in 304 and nothing renders again', async () => {
    const first = await server.fetch(guide);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const before = renders();
    const again = await server.fetch(guide, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect((await server.fetch(guide)).status).toBe(200);
    expect(renders()).toBe(before);
  });

  it('shows an edit to its station on the next request', async () => {
    await server.fetch(guide);
    await owner.pb
      .collection('organizations')
      .update(owner.organization.id, { name: 'Harbour Community TV' });
    const html = await (await server.fetch(guide)).text();
    expect(html).toContain('<h1>Harbour Community TV</h1>');
  });

  it('comes in the phone layout to a phone', async () => {
    const byHint = await server.fetch(guide, { headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(await byHint.text()).toContain('<p>phone</p>');
    const byAgent = await server.fetch(guide, {
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148' },
    });
    expect(await byAgent.text()).toContain('<p>phone</p>');
    const tablet = await server.fetch(guide, { headers: { 'sec-ch-ua-mobile': '?0' } });
    expect(await tablet.text()).toContain('<p>wide</p>');
  });
  it('ignores query parameters the page does not read: one page, not a render each', async () => {
    await server.fetch(guide);
    const before = renders();
    for (const query of [
      '?utm_source=flyer',
      '?x=1&y=2',
      `?date=not-a-date&z=${'9'.repeat(300)}`,
    ]) {
      const html = await (await server.fetch(`${guide}${query}`)).text();
      expect(html, query).toContain('<div id="root"><h1>');
    }
    expect(renders()).toBe(before);
  });
});

describe('a station that is not there', () => {
  it('gets its page rendered (the app says so) with a 404', async () => {
    const response = await server.fetch('/o/no-such-station/tvguide');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root"><h1>undefined</h1>');
  });
});

describe('index.html instead', () => {
  it('for a page the app renders in the browser only', async () => {
    for (const pathname of ['/', '/watch/rctv-1', `/o/${owner.organization.slug}/watch`]) {
      const response = await server.fetch(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    }
  });
});
