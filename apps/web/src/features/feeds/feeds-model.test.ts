import { describe, expect, it } from 'vitest';
import {
  type FeedChannel,
  type FeedOrganization,
  type FeedPodcast,
  feedsView,
  noGuideReason,
  playlistNote,
} from './feeds-model';

const ORIGIN = 'https://tv.example.org';
const FEEDS = `${ORIGIN}/api/v1/feeds`;

function buildOrganization(overrides: Partial<FeedOrganization> = {}): FeedOrganization {
  return { id: 'org000000000001', slug: 'riverside', archived: false, ...overrides };
}

function buildChannel(overrides: Partial<FeedChannel> = {}): FeedChannel {
  return {
    id: 'chn000000000001',
    name: 'RCTV 1 Community',
    slug: 'rctv-1',
    public: true,
    archived: false,
    streamUrl: 'https://tv.example.org/live/rctv-1.m3u8',
    source: '',
    ...overrides,
  };
}

function buildPodcast(overrides: Partial<FeedPodcast> = {}): FeedPodcast {
  return {
    id: 'pod000000000001',
    title: 'Council Minutes',
    slug: 'council-minutes',
    public: true,
    ...overrides,
  };
}

describe('feedsView: the guide and the playlist', () => {
  it('gives the XMLTV and M3U addresses by the organization’s slug when a channel is public', () => {
    const { guide } = feedsView(ORIGIN, buildOrganization(), [buildChannel()], []);
    expect(guide).toEqual({
      status: 'published',
      xmltv: `${FEEDS}/riverside/xmltv.xml`,
      m3u: `${FEEDS}/riverside/channels.m3u`,
      withoutStream: [],
      playlistEntries: 1,
    });
  });

  it('builds absolute addresses on the origin it is given, without doubling a slash', () => {
    const { guide } = feedsView(
      'http://127.0.0.1:8097/',
      buildOrganization(),
      [buildChannel()],
      [],
    );
    expect(guide.status === 'published' && guide.xmltv).toBe(
      'http://127.0.0.1:8097/api/v1/feeds/riverside/xmltv.xml',
    );
  });

  it('names the organization by its id when it has no slug (the server finds either)', () => {
    const organization = buildOrganization({ slug: '' });
    const { guide } = feedsView(ORIGIN, organization, [buildChannel()], []);
    expect(guide.status === 'published' && guide.m3u).toBe(`${FEEDS}/org000000000001/channels.m3u`);
  });

  it('has no guide without channels, and says to create one', () => {
    const { guide, calendars } = feedsView(ORIGIN, buildOrganization(), [], []);
    expect(guide).toEqual({ status: 'noChannels' });
    expect(calendars).toEqual([]);
    expect(noGuideReason(guide)).toMatch(/^No channel yet\./);
  });

  it('counts archived channels as none', () => {
    const { guide } = feedsView(
      ORIGIN,
      buildOrganization(),
      [buildChannel({ archived: true })],
      [],
    );
    expect(guide).toEqual({ status: 'noChannels' });
  });

  it('has no guide when every channel is private, and says how to make one public', () => {
    const channels = [buildChannel({ public: false }), buildChannel({ id: 'b', public: false })];
    const { guide } = feedsView(ORIGIN, buildOrganization(), channels, []);
    expect(guide).toEqual({ status: 'noPublicChannel' });
    expect(noGuideReason(guide)).toContain('Make a channel public with Edit channel');
  });

  it('does not count an archived public channel as public', () => {
    const channels = [buildChannel({ public: false }), buildChannel({ id: 'b', archived: true })];
    expect(feedsView(ORIGIN, buildOrganization(), channels, []).guide.status).toBe(
      'noPublicChannel',
    );
  });

  it('has no reason to give when the guide is published', () => {
    const { guide } = feedsView(ORIGIN, buildOrganization(), [buildChannel()], []);
    expect(noGuideReason(guide)).toBeNull();
  });
});

describe('feedsView: who the playlist leaves out', () => {
  const channels = [
    buildChannel({ id: 'a', name: 'RCTV 1 Community' }),
    buildChannel({ id: 'b', name: 'RCTV 2 Education', streamUrl: '' }),
    buildChannel({ id: 'c', name: 'RCTV 3 Government', streamUrl: '   ' }),
    buildChannel({ id: 'd', name: 'Private', streamUrl: '', public: false }),
    buildChannel({ id: 'e', name: 'RCTV 4 Playout', streamUrl: '', source: 'playout' }),
  ];

  it('lists the public channels without a stream URL (blank counts as none), in order', () => {
    const { guide } = feedsView(ORIGIN, buildOrganization(), channels, []);
    expect(guide.status === 'published' && guide.withoutStream).toEqual([
      'RCTV 2 Education',
      'RCTV 3 Government',
    ]);
    // A channel on Airgrid playout is listed without a stream URL of its own.
    expect(guide.status === 'published' && guide.playlistEntries).toBe(2);
    expect(playlistNote(guide)).toBe(
      'Left out for having no stream URL: RCTV 2 Education, RCTV 3 Government.',
    );
  });

  it('says the playlist is empty when no public channel has a stream', () => {
    const { guide } = feedsView(ORIGIN, buildOrganization(), channels.slice(1, 4), []);
    expect(guide.status === 'published' && guide.playlistEntries).toBe(0);
    expect(playlistNote(guide)).toMatch(/^No public channel has a stream URL yet/);
  });

  it('adds nothing when every public channel streams', () => {
    const { guide } = feedsView(ORIGIN, buildOrganization(), channels.slice(0, 1), []);
    expect(playlistNote(guide)).toBeNull();
  });

  it('adds nothing when there is no playlist at all', () => {
    expect(playlistNote({ status: 'noPublicChannel' })).toBeNull();
  });
});

describe('feedsView: calendars', () => {
  it('gives each public channel its .ics address by both slugs, and private ones none', () => {
    const channels = [
      buildChannel({ id: 'a', name: 'One', slug: 'rctv-1' }),
      buildChannel({ id: 'b', name: 'Two', slug: 'rctv-2', public: false }),
    ];
    expect(feedsView(ORIGIN, buildOrganization(), channels, []).calendars).toEqual([
      { id: 'a', name: 'One', url: `${FEEDS}/riverside/rctv-1.ics` },
      { id: 'b', name: 'Two', url: null },
    ]);
  });

  it('keeps the station’s order and leaves archived channels out', () => {
    const channels = [
      buildChannel({ id: 'c', name: 'Third', slug: 'c' }),
      buildChannel({ id: 'x', name: 'Gone', slug: 'x', archived: true }),
      buildChannel({ id: 'a', name: 'First', slug: 'a' }),
    ];
    expect(
      feedsView(ORIGIN, buildOrganization(), channels, []).calendars.map((row) => row.name),
    ).toEqual(['Third', 'First']);
  });

  it('names a channel without a slug by its id', () => {
    const channel = buildChannel({ id: 'chn00000000000z', slug: '' });
    expect(feedsView(ORIGIN, buildOrganization(), [channel], []).calendars[0]?.url).toBe(
      `${FEEDS}/riverside/chn00000000000z.ics`,
    );
  });

  it('escapes a slug the path could not carry as it is', () => {
    const channel = buildChannel({ slug: 'a b' });
    expect(feedsView(ORIGIN, buildOrganization(), [channel], []).calendars[0]?.url).toBe(
      `${FEEDS}/riverside/a%20b.ics`,
    );
  });
});

describe('feedsView: podcasts', () => {
  it('gives each public podcast its feed under /podcasts by its own slug, private ones none', () => {
    const podcasts = [
      buildPodcast({ id: 'p1', title: 'Council Minutes', slug: 'council-minutes' }),
      buildPodcast({ id: 'p2', title: 'Drafts', slug: 'drafts', public: false }),
    ];
    expect(feedsView(ORIGIN, buildOrganization(), [], podcasts).podcasts).toEqual([
      { id: 'p1', title: 'Council Minutes', url: `${FEEDS}/podcasts/council-minutes.xml` },
      { id: 'p2', title: 'Drafts', url: null },
    ]);
  });

  it('publishes podcasts whether or not any channel is public', () => {
    const view = feedsView(
      ORIGIN,
      buildOrganization(),
      [buildChannel({ public: false })],
      [buildPodcast()],
    );
    expect(view.guide.status).toBe('noPublicChannel');
    expect(view.podcasts[0]?.url).toBe(`${FEEDS}/podcasts/council-minutes.xml`);
  });
});

describe('feedsView: an archived organization', () => {
  const archived = buildOrganization({ archived: true });
  const view = feedsView(ORIGIN, archived, [buildChannel()], [buildPodcast()]);

  it('publishes nothing, as the server answers 404 for its feeds', () => {
    expect(view.guide).toEqual({ status: 'archived' });
    expect(view.calendars.map((row) => row.url)).toEqual([null]);
    expect(view.podcasts.map((row) => row.url)).toEqual([null]);
  });

  it('says why', () => {
    expect(noGuideReason(view.guide)).toBe(
      'This organization is archived, so it publishes no feeds.',
    );
  });
});
