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

  it('writes dates as RFC 822', () => {
    expect(rfc822(Date.UTC(2026, 10, 25, 18))).toBe('Wed, 25 Nov 2026 18:00:00 GMT');
  });
});
