import { describe, expect, it } from 'vitest';
import { podcastGuid } from './podcast-feed-service.js';
import { podcastFeedXml, rfc822 } from './podcast-feed-writer.js';

describe('podcastGuid', () => {
  it('is the namespace’s UUIDv5 of the feed’s address without its scheme or end slashes', () => {
    // The Podcast Namespace's own example (docs/tags/guid.md).
    expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe(
      '917393e3-1b1e-5cef-ace4-edaa54e1f810',
    );
    expect(podcastGuid('https://podnews.net/rss/')).toBe(podcastGuid('podnews.net/rss'));
  });
});

describe('podcastFeedXml', () => {
  const podcast = {
    title: 'Arts & <Letters>',
    description: 'Line one\r\nLine two',
    author: '',
    ownerEmail: '',
    coverUrl: '',
    category: 'News > Politics',
    explicit: true,
    language: 'es-MX',
    type: 'serial',
    guid: 'g',
    link: 'https://tv.example/o/x/podcasts/arts',
    feedUrl: 'https://tv.example/api/v1/feeds/podcasts/arts.xml',
    updated: Date.UTC(2026, 10, 25, 18),
  };

  it('escapes text, keeps paragraphs, and nests the subcategory', () => {
    const xml = podcastFeedXml(podcast, []);
    expect(xml).toContain('<title>Arts &amp; &lt;Letters&gt;</title>');
    expect(xml).toContain('<description>Line one\nLine two</description>');
    expect(xml).toContain(
      '<itunes:category text="News"><itunes:category text="Politics"/></itunes:category>',
    );
    expect(xml).toContain('<itunes:explicit>true</itunes:explicit>');
    expect(xml).toContain('<language>es-mx</language>');
    expect(xml).toContain('<itunes:type>serial</itunes:type>');
    expect(xml).toContain('<podcast:locked>yes</podcast:locked>');
    expect(xml).not.toContain('<itunes:owner>');
  });

  it('writes the tags Apple Podcasts requires from what the podcast has', () => {
    const xml = podcastFeedXml(
      {
        ...podcast,
        title: 'Kids',
        author: 'River City TV',
        ownerEmail: 'podcast@rctv.example',
        coverUrl: 'https://tv.example/api/files/podcasts/p1/cover_ab12.png',
        category: 'Kids & Family > Education for Kids',
        explicit: false,
        language: 'en-US',
      },
      [],
    );
    expect(xml).toContain(
      '<itunes:image href="https://tv.example/api/files/podcasts/p1/cover_ab12.png"/>',
    );
    // Only the first category counts, and its ampersand is escaped (Apple's own example).
    expect(xml).toContain(
      '<itunes:category text="Kids &amp; Family"><itunes:category text="Education for Kids"/></itunes:category>',
    );
    expect(xml.match(/<itunes:category text=/g)).toHaveLength(2);
    expect(xml).toContain('<itunes:explicit>false</itunes:explicit>');
    expect(xml).toContain('<itunes:author>River City TV</itunes:author>');
    expect(xml).toContain(
      '<itunes:owner><itunes:name>River City TV</itunes:name><itunes:email>podcast@rctv.example</itunes:email></itunes:owner>',
    );
    expect(xml).toContain('<language>en-us</language>');
  });

  it('leaves out what the podcast lacks rather than writing empty tags', () => {
    const xml = podcastFeedXml({ ...podcast, category: '', coverUrl: '' }, []);
    expect(xml).not.toContain('<itunes:image');
    expect(xml).not.toContain('<image>');
    expect(xml).not.toContain('<itunes:category');
    expect(xml).not.toContain('<itunes:author>');
  });

  it('writes an episode’s duration in seconds, and none before it is measured', () => {
    const episode = {
      guid: 'e',
      title: 'Budget hearing',
      description: '',
      publishedAt: Date.UTC(2026, 10, 25, 18),
      audioUrl: 'https://tv.example/api/files/episodes/e1/budget.m4a',
      audioBytes: 1234,
      audioType: 'audio/x-m4a',
      durationSec: 1799.6,
      season: 0,
      episode: 0,
      episodeType: 'full',
      explicit: false,
      transcript: null,
    };
    expect(podcastFeedXml(podcast, [episode])).toContain('<itunes:duration>1800</itunes:duration>');
    expect(podcastFeedXml(podcast, [{ ...episode, durationSec: 0 }])).not.toContain(
      '<itunes:duration>',
    );
  });

  it('writes dates as RFC 822', () => {
    expect(rfc822(Date.UTC(2026, 10, 25, 18))).toBe('Wed, 25 Nov 2026 18:00:00 GMT');
  });
});
