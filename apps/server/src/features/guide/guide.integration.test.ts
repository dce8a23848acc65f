import type { GuideResponse } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  createShow,
  createTimeslot,
  signUpOwner,
  superuser,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let rival: Awaited<ReturnType<typeof signUpOwner>>;
/** Station's channels: public (sortOrder 2), members-only (sortOrder 1), public but archived. */
const ids = { public: '', private: '', archived: '', rival: '' };
const slots: Record<string, string> = {};

const FROM = '2026-12-01T05:00:00Z';
const TO = '2026-12-02T05:00:00Z';

beforeAll(async () => {
  server = await startTestServer();
  station = await signUpOwner(server);
  rival = await signUpOwner(server);
  const organization = station.organization.id;
  const pb = station.pb;
  ids.public = (
    await createChannel(pb, organization, {
      name: 'RCTV 1',
      number: 21,
      public: true,
      sortOrder: 2,
      color: '#3355ff',
      timeZone: 'America/New_York',
    })
  ).id;
  ids.private = (
    await createChannel(pb, organization, { name: 'Studio Feed', number: 99, sortOrder: 1 })
  ).id;
  ids.archived = (
    await createChannel(pb, organization, { name: 'Old', public: true, archived: true })
  ).id;
  ids.rival = (
    await createChannel(rival.pb, rival.organization.id, { name: 'Rival', public: true })
  ).id;

  const council = await createShow(pb, organization, {
    title: 'Council Meeting',
    subtitle: 'Budget hearing',
    description: 'The city council, live.',
    category: 'Government',
    rating: 'TV-G',
    durationSec: 5400,
    season: 3,
    episode: 12,
  });
  const add = async (
    name: string,
    channel: string,
    start: string,
    durationSec: number,
    extra = {},
  ) => {
    const record = await createTimeslot(pb, organization, {
      channel,
      show: council.id,
      start,
      durationSec,
      ...extra,
    });
    slots[name] = record.id;
  };
  // Public channel: one running at `from`, two inside, one cancelled, one starting at `to`.
  await add('endedLongBefore', ids.public, '2026-12-01 01:00:00.000Z', 3600);
  await add('runningAtFrom', ids.public, '2026-12-01 04:00:00.000Z', 7200);
  await add('morning', ids.public, '2026-12-01 12:00:00.000Z', 1800);
  await add('cancelled', ids.public, '2026-12-01 13:00:00.000Z', 1800, { status: 'cancelled' });
  await add('lastInWindow', ids.public, '2026-12-02 04:45:00.000Z', 900);
  await add('atTo', ids.public, '2026-12-02 05:00:00.000Z', 900);
  // Members-only channel: one that ended exactly at `from`, one starting at `from`.
  await add('endedAtFrom', ids.private, '2026-12-01 04:00:00.000Z', 3600);
  await add('startsAtFrom', ids.private, '2026-12-01 05:00:00.000Z', 3600);
  await add('archived', ids.archived, '2026-12-01 12:00:00.000Z', 3600);
  const rivalShow = await createShow(rival.pb, rival.organization.id, { title: 'Rival Show' });
  await createTimeslot(rival.pb, rival.organization.id, {
    channel: ids.rival,
    show: rivalShow.id,
    start: '2026-12-01 12:00:00.000Z',
  });
});

afterAll(async () => {
  await server?.stop();
});

/** A guide body, or the error envelope's fields on a failure. */
type GuideBody = GuideResponse & {
  status?: number;
  message?: string;
  data?: Record<string, { code: string; message: string }>;
};

async function guide(query: Record<string, string>, token = '') {
  const response = await server.fetch(`/api/v1/guide?${new URLSearchParams(query)}`, {
    headers: token ? { Authorization: token } : {},
  });
  return { status: response.status, body: (await response.json()) as GuideBody };
}

function slotIds(body: GuideResponse) {
  return body.timeslots.map((slot) => slot.id);
}

describe('GET /api/v1/guide', () => {
  it('gives a member every channel of the organization in display order, and the window', async () => {
    const { status, body } = await guide({ from: FROM, to: TO }, station.pb.authStore.token);
    expect(status).toBe(200);
    expect(body.organization).toEqual({
      id: station.organization.id,
      slug: station.organization.slug,
      name: station.organization.name,
      timeZone: 'America/New_York',
      logo: '',
      accentColor: '',
    });
    expect(body.from).toBe('2026-12-01 05:00:00.000Z');
    expect(body.to).toBe('2026-12-02 05:00:00.000Z');
    expect(body.channels.map((channel) => channel.id)).toEqual([ids.private, ids.public]);
    expect(body.channels[1]).toEqual({
      id: ids.public,
      name: 'RCTV 1',
      number: 21,
      slug: expect.any(String),
      logo: '',
      color: '#3355ff',
      timeZone: 'America/New_York',
      public: true,
    });
    expect(slotIds(body)).toEqual([
      slots.startsAtFrom,
      slots.runningAtFrom,
      slots.morning,
      slots.lastInWindow,
    ]);
    expect(body.timeslots[1]).toEqual({
      id: slots.runningAtFrom,
      channel: ids.public,
      start: '2026-12-01 04:00:00.000Z',
      end: '2026-12-01 06:00:00.000Z',
      durationSec: 7200,
      show: {
        id: expect.any(String),
        title: 'Council Meeting',
        subtitle: 'Budget hearing',
        description: 'The city council, live.',
        category: 'Government',
        rating: 'TV-G',
        durationSec: 5400,
        thumbnail: '',
        season: 3,
        episode: 12,
        descriptions: '',
      },
    });
  });

  it('gives a guest only the public channels of the organization they name', async () => {
    for (const key of [station.organization.slug, station.organization.id]) {
      const { status, body } = await guide({ from: FROM, to: TO, organization: key });
      expect(status).toBe(200);
      expect(body.channels.map((channel) => channel.id)).toEqual([ids.public]);
      expect(slotIds(body)).toEqual([slots.runningAtFrom, slots.morning, slots.lastInWindow]);
    }
    const nameIt = 'Name the organization whose guide you want: organization=<its id or slug>.';
    expect(await guide({ from: FROM, to: TO })).toEqual({
      status: 400,
      body: {
        status: 400,
        message: nameIt,
        data: { organization: { code: 'validation_required', message: nameIt } },
      },
    });
    expect(await guide({ from: FROM, to: TO, organization: 'no-such-station' })).toEqual({
      status: 404,
      body: { status: 404, message: 'No organization has that id or slug.', data: {} },
    });
  });

  it("never shows another organization's members-only channels", async () => {
    const token = rival.pb.authStore.token;
    const own = await guide({ from: FROM, to: TO }, token);
    expect(own.body.channels.map((channel) => channel.id)).toEqual([ids.rival]);
    const theirs = await guide(
      { from: FROM, to: TO, organization: station.organization.slug },
      token,
    );
    expect(theirs.body.channels.map((channel) => channel.id)).toEqual([ids.public]);
    const named = await guide(
      { from: FROM, to: TO, channels: `${ids.private},${ids.rival}` },
      station.pb.authStore.token,
    );
    expect(named.body.channels.map((channel) => channel.id)).toEqual([ids.private]);
    expect(slotIds(named.body)).toEqual([slots.startsAtFrom]);
    const root = await superuser(server);
    const all = await guide(
      { from: FROM, to: TO, organization: station.organization.id },
      root.authStore.token,
    );
    expect(all.body.channels).toHaveLength(2);
  });

  it('filters by channel and by window', async () => {
    const { body } = await guide(
      { from: '2026-12-01T11:00:00Z', to: '2026-12-01T12:00:00Z', channels: ids.public },
      station.pb.authStore.token,
    );
    expect(body.channels.map((channel) => channel.id)).toEqual([ids.public]);
    expect(slotIds(body)).toEqual([]);
    const offset = await guide(
      { from: '2026-12-01T07:00:00-05:00', to: '2026-12-01T07:15:00-05:00', channels: ids.public },
      station.pb.authStore.token,
    );
    expect(slotIds(offset.body)).toEqual([slots.morning]);
  });

  it('explains every wrong window', async () => {
    const token = station.pb.authStore.token;
    const cases: [Record<string, string>, string, Record<string, string>][] = [
      [
        { to: TO },
        'The from parameter is required: an ISO 8601 instant such as 2026-03-08T05:00:00Z.',
        { from: 'validation_required' },
      ],
      [
        { from: '2026-12-01', to: TO },
        'The from parameter must be an ISO 8601 instant with an offset, such as 2026-03-08T05:00:00Z.',
        { from: 'validation_invalid_date' },
      ],
      [
        { from: FROM, to: '2026-12-01T10:00' },
        'The to parameter must be an ISO 8601 instant with an offset, such as 2026-03-08T05:00:00Z.',
        { to: 'validation_invalid_date' },
      ],
      [
        { from: FROM, to: FROM },
        'The to parameter must be later than from.',
        { to: 'validation_guide_window_order' },
      ],
      [
        { from: FROM, to: '2026-12-15T05:00:01Z' },
        'The guide window can span at most 14 days: ask for the rest in another request.',
        { to: 'validation_guide_window_too_long' },
      ],
      [
        { from: FROM, to: TO, channels: 'abc,../x' },
        'The channels parameter must be a comma-separated list of channel ids (15 characters, a-z and 0-9).',
        { channels: 'validation_invalid_channels' },
      ],
    ];
    for (const [query, message, codes] of cases) {
      const { status, body } = await guide(query, token);
      expect({ status, message: body.message }).toEqual({ status: 400, message });
      expect(
        Object.fromEntries(
          Object.entries(body.data ?? {}).map(([field, error]) => [field, error.code]),
        ),
      ).toEqual(codes);
    }
    expect((await guide({ from: FROM, to: '2026-12-15T05:00:00Z' }, token)).status).toBe(200);
  });
});

// Last: it adds an airing the tests above do not expect.
describe('audio descriptions in the guide', () => {
  it('names a show’s complete audio descriptions track, for the watch page to speak', async () => {
    const organization = station.organization.id;
    const show = await createShow(station.pb, organization, { title: 'Harbour Walk' });
    await createTimeslot(station.pb, organization, {
      channel: ids.public,
      show: show.id,
      start: '2026-12-01 18:00:00.000Z',
      durationSec: 1800,
    });
    const track = (status: string, kind = 'descriptions') =>
      station.pb.collection('captions').create({
        organization,
        show: show.id,
        kind,
        language: 'en',
        status,
        cues: [{ start: 1, end: 2, text: 'A ferry docks.' }],
      });
    await track('draft');
    await track('complete', 'captions');
    const showIn = async () =>
      (await guide({ from: FROM, to: TO, organization })).body.timeslots.find(
        (slot) => slot.show.id === show.id,
      )?.show;
    // Drafts and other kinds are not descriptions a viewer can hear.
    expect((await showIn())?.descriptions).toBe('');
    const complete = await track('complete');
    expect((await showIn())?.descriptions).toBe(complete.id);
    const spoken = await server.fetch(`/api/v1/captions/${complete.id}.json`);
    expect(spoken.headers.get('access-control-allow-origin')).toBe('*');
    expect(await spoken.json()).toMatchObject({
      kind: 'descriptions',
      language: 'en',
      cues: [{ start: 1, end: 2, text: 'A ferry docks.' }],
    });
  });
});
