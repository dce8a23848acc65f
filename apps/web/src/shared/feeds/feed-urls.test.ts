import { describe, expect, it } from 'vitest';
import { channelCalendarUrl, organizationFeedUrls, podcastFeedUrl } from './feed-urls';

describe('feed addresses', () => {
  it('names the organization’s XMLTV guide and M3U playlist by its slug', () => {
    expect(organizationFeedUrls('https://tv.example.org', 'riverside')).toEqual({
      xmltv: 'https://tv.example.org/api/v1/feeds/riverside/xmltv.xml',
      m3u: 'https://tv.example.org/api/v1/feeds/riverside/channels.m3u',
    });
  });

  it('names a channel’s calendar by both slugs', () => {
    expect(channelCalendarUrl('https://tv.example.org', 'riverside', 'rctv-1')).toBe(
      'https://tv.example.org/api/v1/feeds/riverside/rctv-1.ics',
    );
  });

  it('names a podcast’s feed by its own slug, under /podcasts', () => {
    expect(podcastFeedUrl('https://tv.example.org', 'council-minutes')).toBe(
      'https://tv.example.org/api/v1/feeds/podcasts/council-minutes.xml',
    );
  });

  it('joins an origin with a trailing slash without doubling it', () => {
    expect(organizationFeedUrls('http://127.0.0.1:8097//', 'riverside').xmltv).toBe(
      'http://127.0.0.1:8097/api/v1/feeds/riverside/xmltv.xml',
    );
    expect(
      podcastFeedUrl('http://127.0.0.1:8097/', 'a').startsWith('http://127.0.0.1:8097/api/'),
    ).toBe(true);
  });

  it('escapes what is not safe in a path segment', () => {
    expect(channelCalendarUrl('https://x.org', 'a b', 'c/d')).toBe(
      'https://x.org/api/v1/feeds/a%20b/c%2Fd.ics',
    );
  });
});
