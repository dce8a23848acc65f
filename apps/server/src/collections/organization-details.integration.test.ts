import type { StationList } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createChannel,
  createMember,
  failure,
  signUp,
  signUpOwner,
  superuser,
} from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { SLUG_HELD } from './organizations.js';

// The /organization page's data (issue 17), on SQLite and PostgreSQL: the new fields with the
// seed's rules and their exact messages, remittance details only for owners and admins of the
// same station, the public page settings, and a slug change that keeps the old URLs working
// with a permanent redirect.

let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  server = await startTestServer();
  station = await signUpOwner(server, { name: 'Lakeside Access TV' });
});

afterAll(async () => {
  await server?.stop();
});

const orgs = () => station.pb.collection('organizations');

describe('organization details', () => {
  it('saves contact, address and legal details', async () => {
    const saved = await orgs().update(station.organization.id, {
      contactPhone: '+1 (212) 555-0100',
      addressLine1: '12 Harbor Street',
      addressLine2: 'Suite 4',
      city: 'Lakeside',
      region: 'NY',
      postalCode: '14850-1234',
      legalName: 'Lakeside Community Media, Inc.',
      ein: '12-3456789',
      website: 'https://lakesidetv.org',
      contactEmail: 'hello@lakeside.example.org',
    });
    expect(saved).toMatchObject({
      contactPhone: '+1 (212) 555-0100',
      region: 'NY',
      postalCode: '14850-1234',
      ein: '12-3456789',
      unlisted: false,
      landingChannel: '',
    });
  });

  it("refuses a bad phone, ZIP code and EIN with the seed's messages, all at once", async () => {
    const refused = await failure(
      orgs().update(station.organization.id, {
        contactPhone: '555-123-4567',
        postalCode: '1485',
        ein: '123456789',
        region: 'Narnia',
        website: 'https://tv.lakeside.example.org',
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      contactPhone: { code: 'validation_phone', message: 'Phone_number is invalid.' },
      postalCode: { code: 'validation_zipcode', message: 'Zipcode is invalid.' },
      ein: { code: 'validation_ein', message: 'Ein is invalid.' },
      region: { code: 'validation_invalid_value' },
      website: { code: 'validation_url', message: 'Url is incorrectly formatted.' },
    });
  });

  it('lets a member read the details but not change them', async () => {
    const editor = await createMember(server, station.organization.id, 'editor');
    const read = await editor.pb.collection('organizations').getOne(station.organization.id);
    expect(read.city).toBe('Lakeside');
    const refused = await failure(
      editor.pb.collection('organizations').update(station.organization.id, { city: 'Elsewhere' }),
    );
    expect(refused.status).toBe(404);
  });

  it('keeps the landing channel inside the organization', async () => {
    const other = await signUpOwner(server);
    const theirs = await createChannel(other.pb, other.organization.id, { public: true });
    const refused = await failure(
      orgs().update(station.organization.id, { landingChannel: theirs.id }),
    );
    expect(refused.data).toMatchObject({
      landingChannel: { code: 'validation_missing_rel_records' },
    });
  });
});

describe('remittance details', () => {
  const remittance = {
    bankName: 'First Lakeside Bank',
    accountName: 'Lakeside Community Media',
    routingNumber: '021000021',
  };

  it("refuses a bad routing number with the seed's message", async () => {
    const refused = await failure(
      station.pb.collection('remittances').create({
        organization: station.organization.id,
        ...remittance,
        routingNumber: '000000000',
      }),
    );
    expect(refused.data).toMatchObject({
      routingNumber: { code: 'validation_routing', message: 'Routing_number is invalid.' },
    });
  });

  it('are kept once per organization, for owners and admins only', async () => {
    const saved = await station.pb
      .collection('remittances')
      .create({ organization: station.organization.id, ...remittance });
    expect(saved.routingNumber).toBe('021000021');
    const second = await failure(
      station.pb
        .collection('remittances')
        .create({ organization: station.organization.id, ...remittance }),
    );
    expect(second.status).toBe(400);
    expect(second.data).toMatchObject({ organization: { code: 'validation_not_unique' } });

    const admin = await createMember(server, station.organization.id, 'admin');
    const updated = await admin.pb
      .collection('remittances')
      .update(saved.id, { bankName: 'Second Lakeside Bank' });
    expect(updated.bankName).toBe('Second Lakeside Bank');

    const root = await superuser(server);
    for (const role of ['editor', 'producer', 'viewer'] as const) {
      const member = await createMember(server, station.organization.id, role, root);
      const list = await member.pb.collection('remittances').getFullList();
      expect(list).toEqual([]);
      expect((await failure(member.pb.collection('remittances').getOne(saved.id))).status).toBe(
        404,
      );
      const write = await failure(
        member.pb.collection('remittances').update(saved.id, { bankName: 'Mine' }),
      );
      expect(write.status).toBe(404);
      // Nor through the organization: expanding back-relations goes through the viewRule too.
      const expanded = await member.pb
        .collection('organizations')
        .getOne(station.organization.id, { expand: 'remittances_via_organization' });
      expect(JSON.stringify(expanded)).not.toContain('021000021');
    }

    const other = await signUpOwner(server);
    expect(await other.pb.collection('remittances').getFullList()).toEqual([]);
    expect((await failure(other.pb.collection('remittances').getOne(saved.id))).status).toBe(404);
    const guest = client(server);
    expect((await failure(guest.collection('remittances').getOne(saved.id))).status).toBe(404);
    const foreign = await failure(
      other.pb
        .collection('remittances')
        .create({ organization: station.organization.id, ...remittance }),
    );
    expect([400, 403]).toContain(foreign.status);
  });
});

describe('public page settings', () => {
  it('keeps an unlisted station out of the station picker, reachable by its URL', async () => {
    const listed = await signUpOwner(server, { name: 'Picker Listed Station' });
    await createChannel(listed.pb, listed.organization.id, { public: true });
    const hidden = await signUpOwner(server, { name: 'Picker Hidden Station' });
    const channel = await createChannel(hidden.pb, hidden.organization.id, { public: true });
    await hidden.pb
      .collection('organizations')
      .update(hidden.organization.id, { unlisted: true, landingChannel: channel.id });

    const response = await fetch(`${server.url}/api/v1/stations?search=picker`);
    const list = (await response.json()) as StationList;
    expect(list.items.map((item) => item.name)).toEqual(['Picker Listed Station']);

    const one = await fetch(`${server.url}/api/v1/stations/${hidden.organization.slug}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ landingChannel: channel.id });
  });

  it('names no landing channel that is private or archived', async () => {
    const owner = await signUpOwner(server);
    const channel = await createChannel(owner.pb, owner.organization.id, { public: false });
    await owner.pb
      .collection('organizations')
      .update(owner.organization.id, { landingChannel: channel.id });
    const one = await fetch(`${server.url}/api/v1/stations/${owner.organization.slug}`);
    expect(await one.json()).toMatchObject({ landingChannel: '' });
  });
});

describe('changing the slug', () => {
  it('redirects the old public page, feed and station URLs permanently to the new slug', async () => {
    const owner = await signUpOwner(server, { slug: 'harbour-old' });
    const channel = await createChannel(owner.pb, owner.organization.id, {
      public: true,
      slug: 'main',
    });
    expect((await fetch(`${server.url}/api/v1/feeds/harbour-old/xmltv.xml`)).status).toBe(200);

    await owner.pb
      .collection('organizations')
      .update(owner.organization.id, { slug: 'harbour-new' });

    const moved = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      return { status: response.status, location: response.headers.get('location') };
    };
    expect(await moved('/o/harbour-old/tvguide?date=2031-01-07')).toEqual({
      status: 301,
      location: '/o/harbour-new/tvguide?date=2031-01-07',
    });
    expect(await moved(`/o/harbour-old/watch/${channel.id}`)).toEqual({
      status: 301,
      location: `/o/harbour-new/watch/${channel.id}`,
    });
    expect(await moved('/api/v1/feeds/harbour-old/xmltv.xml?days=2')).toEqual({
      status: 301,
      location: '/api/v1/feeds/harbour-new/xmltv.xml?days=2',
    });
    expect(await moved('/api/v1/feeds/harbour-old/channels.m3u')).toEqual({
      status: 301,
      location: '/api/v1/feeds/harbour-new/channels.m3u',
    });
    expect(await moved('/api/v1/feeds/harbour-old/main.ics')).toEqual({
      status: 301,
      location: '/api/v1/feeds/harbour-new/main.ics',
    });
    expect(await moved('/api/v1/stations/harbour-old')).toEqual({
      status: 301,
      location: '/api/v1/stations/harbour-new',
    });
    // The redirect lands: the feed under the new slug answers.
    expect((await fetch(`${server.url}/api/v1/feeds/harbour-old/xmltv.xml`)).status).toBe(200);
    // A slug nobody had stays a 404.
    expect((await moved('/api/v1/feeds/never-was/xmltv.xml')).status).toBe(404);
  });

  it('keeps every former slug, and lets the station take one back', async () => {
    const owner = await signUpOwner(server, { slug: 'ridge-one' });
    const update = (slug: string) =>
      owner.pb.collection('organizations').update(owner.organization.id, { slug });
    await update('ridge-two');
    await update('ridge-three');
    const location = async (path: string) =>
      (await fetch(`${server.url}${path}`, { redirect: 'manual' })).headers.get('location');
    expect(await location('/api/v1/stations/ridge-one')).toBe('/api/v1/stations/ridge-three');
    expect(await location('/api/v1/stations/ridge-two')).toBe('/api/v1/stations/ridge-three');

    await update('ridge-one');
    const back = await fetch(`${server.url}/api/v1/stations/ridge-one`, { redirect: 'manual' });
    expect(back.status).toBe(200);
    expect(await location('/api/v1/stations/ridge-three')).toBe('/api/v1/stations/ridge-one');
  });

  it('refuses another station a slug whose old links still lead somewhere, with a clear message', async () => {
    const first = await signUpOwner(server, { slug: 'valley-first' });
    await first.pb
      .collection('organizations')
      .update(first.organization.id, { slug: 'valley-next' });

    const newcomer = await signUp(server, { name: 'Newcomer' });
    const created = await failure(
      newcomer.pb
        .collection('organizations')
        .create({ name: 'Valley', slug: 'valley-first', timeZone: 'UTC' }),
    );
    expect(created.status).toBe(400);
    expect(created.data).toEqual({
      slug: { code: 'validation_slug_held', message: SLUG_HELD },
    });

    const other = await signUpOwner(server);
    const updated = await failure(
      other.pb.collection('organizations').update(other.organization.id, { slug: 'valley-first' }),
    );
    expect(updated.data).toEqual({ slug: { code: 'validation_slug_held', message: SLUG_HELD } });
  });
});
