import {
  type GuideResponse,
  type PublicStation,
  STATION_SEARCH_MAX,
  STATIONS_PER_PAGE,
  type StationList,
} from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, failure, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let server: TestServer;
let riverside: Awaited<ReturnType<typeof signUpOwner>>;
let archived: Awaited<ReturnType<typeof signUpOwner>>;

async function list(query = ''): Promise<StationList> {
  const response = await server.fetch(`/api/v1/stations${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as StationList;
}

async function status(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.fetch(path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  server = await startTestServer();
  // A public station with a logo and an accent colour.
  riverside = await signUpOwner(server, {
    name: 'Riverside Community TV',
    slug: 'riverside',
    logo: new File([PNG], 'logo.png', { type: 'image/png' }),
    branding: { accentColor: '#1A6B3C' },
  });
  await createChannel(riverside.pb, riverside.organization.id, { public: true });
  // Not public: only a private channel; only an archived public channel; archived itself.
  const privateOnly = await signUpOwner(server, { name: 'River Private', slug: 'river-private' });
  await createChannel(privateOnly.pb, privateOnly.organization.id, { public: false });
  const oldChannel = await signUpOwner(server, { name: 'River Old', slug: 'river-old' });
  await createChannel(oldChannel.pb, oldChannel.organization.id, {
    public: true,
    archived: true,
  });
  archived = await signUpOwner(server, { name: 'River Archived', slug: 'river-archived' });
  await createChannel(archived.pb, archived.organization.id, { public: true });
  await archived.pb.collection('organizations').update(archived.organization.id, {
    archived: true,
  });
  // Enough public stations for two pages, sharing a word in their names.
  for (let index = 1; index <= STATIONS_PER_PAGE + 1; index++) {
    const station = await signUpOwner(server, {
      name: `Hill Valley ${String(index).padStart(2, '0')}`,
      slug: `hill-valley-${index}`,
    });
    await createChannel(station.pb, station.organization.id, { public: true });
  }
  // A literal % and _ in a name, which a LIKE pattern must not treat as wildcards.
  const percent = await signUpOwner(server, { name: '100% Local_TV', slug: 'percent-local' });
  await createChannel(percent.pb, percent.organization.id, { public: true });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /api/v1/stations', () => {
  it('lists only public stations (not archived, with a public channel), by name, with public fields only', async () => {
    const found = await list('?search=river');
    expect(found.totalItems).toBe(1);
    const [station] = found.items;
    expect(Object.keys(station ?? {}).sort()).toEqual(
      ['accentColor', 'id', 'logo', 'name', 'slug', 'timeZone'].sort(),
    );
    expect(station).toMatchObject({
      id: riverside.organization.id,
      name: 'Riverside Community TV',
      slug: 'riverside',
      timeZone: 'America/New_York',
      accentColor: '#1a6b3c',
    });
    expect(station?.logo).toMatch(/^logo_\w+\.png$/);
  });

  it('lets a guest fetch the logo it names', async () => {
    const [station] = (await list('?search=riverside')).items;
    const response = await server.fetch(`/api/files/organizations/${station?.id}/${station?.logo}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('pages the stations and searches names in any case', async () => {
    const first = await list('?search=HILL%20valley');
    expect(first).toMatchObject({
      page: 1,
      perPage: STATIONS_PER_PAGE,
      totalItems: STATIONS_PER_PAGE + 1,
      totalPages: 2,
    });
    expect(first.items.map((item) => item.name)).toEqual(
      Array.from(
        { length: STATIONS_PER_PAGE },
        (_, i) => `Hill Valley ${String(i + 1).padStart(2, '0')}`,
      ),
    );
    const second = await list('?search=hill+valley&page=2');
    expect(second.items.map((item) => item.name)).toEqual([`Hill Valley ${STATIONS_PER_PAGE + 1}`]);
    // Past the last page: an empty page, not an error.
    expect((await list('?search=hill+valley&page=3')).items).toEqual([]);
    // Unfiltered: every public station, and no others.
    const all = await list();
    expect(all.totalItems).toBe(STATIONS_PER_PAGE + 3);
  });

  it('matches slugs too, and takes % and _ literally', async () => {
    expect((await list('?search=percent-local')).items.map((s) => s.slug)).toEqual([
      'percent-local',
    ]);
    expect((await list('?search=100%25')).items.map((s) => s.slug)).toEqual(['percent-local']);
    expect((await list('?search=l_tv')).items.map((s) => s.slug)).toEqual(['percent-local']);
    expect((await list('?search=%25%25')).totalItems).toBe(0);
    expect((await list('?search=nothing-like-this')).items).toEqual([]);
  });

  it('refuses a bad page or an overlong search with a field error, never a 500', async () => {
    const page = await status('/api/v1/stations?page=0');
    expect(page.status).toBe(400);
    expect(page.body.data).toMatchObject({ page: { code: 'validation_invalid_page' } });
    for (const bad of ['abc', '-2', '1.5', '100000000000']) {
      expect((await status(`/api/v1/stations?page=${bad}`)).status).toBe(400);
    }
    const search = await status(`/api/v1/stations?search=${'x'.repeat(STATION_SEARCH_MAX + 1)}`);
    expect(search.status).toBe(400);
    expect(search.body.data).toMatchObject({ search: { code: 'validation_invalid_search' } });
    expect((await status('/api/v1/stations?search=a%00b')).status).toBe(400);
  });
});

describe('GET /api/v1/stations/:key', () => {
  it('finds a station by slug or id, with public fields only', async () => {
    const bySlug = await status('/api/v1/stations/riverside');
    expect(bySlug.status).toBe(200);
    const station = bySlug.body as unknown as PublicStation;
    expect(station).toMatchObject({ id: riverside.organization.id, accentColor: '#1a6b3c' });
    expect(Object.keys(station)).not.toContain('settings');
    expect(Object.keys(station)).not.toContain('contactEmail');
    const byId = await status(`/api/v1/stations/${riverside.organization.id}`);
    expect(byId.body).toEqual(bySlug.body);
  });

  it('hides an archived station from everyone but its members', async () => {
    expect((await status('/api/v1/stations/river-archived')).status).toBe(404);
    expect((await status('/api/v1/stations/no-such-station')).status).toBe(404);
    expect((await status('/api/v1/stations/a%00b')).status).toBe(404);
    // Its own member still sees it (the app's header shows its name).
    const own = await archived.pb.send<PublicStation>('/api/v1/stations/river-archived', {});
    expect(own.slug).toBe('river-archived');
    // Another station's member does not.
    const other = await failure(riverside.pb.send('/api/v1/stations/river-archived', {}));
    expect(other.status).toBe(404);
  });
});

describe('branding', () => {
  it('refuses an accent colour that is not #rrggbb, and a branding that is not an object', async () => {
    const id = riverside.organization.id;
    for (const branding of [{ accentColor: 'green' }, { accentColor: '#12345' }, [1, 2]]) {
      const refused = await failure(
        riverside.pb.collection('organizations').update(id, { branding }),
      );
      expect(refused.status).toBe(400);
      expect(refused.data.branding).toBeDefined();
    }
    // Clearing the colour is fine.
    await riverside.pb.collection('organizations').update(id, { branding: { accentColor: '' } });
    expect((await list('?search=riverside')).items[0]?.accentColor).toBe('');
    await riverside.pb
      .collection('organizations')
      .update(id, { branding: { accentColor: '#1a6b3c' } });
  });

  it("puts the logo and accent colour in the guide's organization block", async () => {
    const response = await server.fetch(
      '/api/v1/guide?organization=riverside&from=2026-12-01T05:00:00Z&to=2026-12-02T05:00:00Z',
    );
    expect(response.status).toBe(200);
    const guide = (await response.json()) as GuideResponse;
    expect(guide.organization).toMatchObject({
      slug: 'riverside',
      name: 'Riverside Community TV',
      accentColor: '#1a6b3c',
    });
    expect(guide.organization.logo).toMatch(/^logo_\w+\.png$/);
  });
});
