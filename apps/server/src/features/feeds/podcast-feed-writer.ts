import { splitCategory } from '@airgrid/schema';
import { xmlParagraphs, xmlText } from './xml-text.js';

// A podcast's RSS 2.0 feed, as podcast apps read it: the iTunes namespace's required tags
// (Apple Podcasts), and the Podcasting 2.0 namespace's guid, lock and transcripts (the Podcast
// Index). Only published episodes with audio are written, newest first.

export interface FeedPodcast {
  title: string;
  description: string;
  author: string;
  ownerEmail: string;
  /** Absolute URL of the cover art, or '' when it has none. */
  coverUrl: string;
  /** "News" or "News > Politics". */
  category: string;
  explicit: boolean;
  /** BCP 47; RSS wants it lower case (en-us). */
  language: string;
  type: string;
  guid: string;
  /** The podcast's public page. */
  link: string;
  /** This feed's own address (atom:link rel="self"). */
  feedUrl: string;
  /** Epoch ms of the last change (lastBuildDate). */
  updated: number;
}

export interface FeedEpisode {
  guid: string;
  title: string;
  description: string;
  /** Epoch ms. */
  publishedAt: number;
  audioUrl: string;
  /** Bytes, exact: apps check the enclosure's length. */
  audioBytes: number;
  audioType: string;
  durationSec: number;
  season: number;
  episode: number;
  episodeType: string;
  explicit: boolean;
  /** The show's complete captions as WebVTT, or null. */
  transcript: { url: string; language: string } | null;
}

const PODCAST_NAMESPACES = {
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  podcast: 'https://podcastindex.org/namespace/1.0',
  atom: 'http://www.w3.org/2005/Atom',
} as const;

/** RFC 822 dates, as RSS 2.0 writes them: "Wed, 25 Nov 2026 18:00:00 GMT". */
export function rfc822(epochMs: number): string {
  return new Date(epochMs).toUTCString();
}

function tag(name: string, value: string | number): string {
  return `<${name}>${typeof value === 'number' ? value : xmlText(value)}</${name}>`;
}

function categoryTags(value: string): string {
  const { category, subcategory } = splitCategory(value);
  if (!category) return '';
  const sub = subcategory ? `<itunes:category text="${xmlText(subcategory)}"/>` : '';
  return `<itunes:category text="${xmlText(category)}">${sub}</itunes:category>`;
}

function item(episode: FeedEpisode): string {
  const parts = [
    tag('title', episode.title),
    `<description>${xmlParagraphs(episode.description)}</description>`,
    `<guid isPermaLink="false">${xmlText(episode.guid)}</guid>`,
    tag('pubDate', rfc822(episode.publishedAt)),
    `<enclosure url="${xmlText(episode.audioUrl)}" length="${episode.audioBytes}" type="${xmlText(episode.audioType)}"/>`,
    tag('itunes:episodeType', episode.episodeType || 'full'),
    tag('itunes:explicit', episode.explicit ? 'true' : 'false'),
  ];
  // Not yet measured (the episode-audio job runs after an upload): no tag rather than a length
  // of 0, which apps show as 0:00 and Apple reads as a broken file.
  if (episode.durationSec > 0) parts.push(tag('itunes:duration', Math.round(episode.durationSec)));
  if (episode.season > 0) parts.push(tag('itunes:season', episode.season));
  if (episode.episode > 0) parts.push(tag('itunes:episode', episode.episode));
  if (episode.transcript)
    parts.push(
      `<podcast:transcript url="${xmlText(episode.transcript.url)}" type="text/vtt" language="${xmlText(episode.transcript.language.toLowerCase())}" rel="captions"/>`,
    );
  return `<item>${parts.join('')}</item>`;
}

/** The whole feed. */
export function podcastFeedXml(podcast: FeedPodcast, episodes: readonly FeedEpisode[]): string {
  const owner = podcast.ownerEmail
    ? `<itunes:owner>${tag('itunes:name', podcast.author || podcast.title)}${tag('itunes:email', podcast.ownerEmail)}</itunes:owner>`
    : '';
  const lock = podcast.ownerEmail
    ? `<podcast:locked owner="${xmlText(podcast.ownerEmail)}">yes</podcast:locked>`
    : '<podcast:locked>yes</podcast:locked>';
  const channel = [
    tag('title', podcast.title),
    tag('link', podcast.link),
    `<atom:link href="${xmlText(podcast.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xmlParagraphs(podcast.description || podcast.title)}</description>`,
    tag('language', (podcast.language || 'en').toLowerCase()),
    tag('lastBuildDate', rfc822(podcast.updated)),
    tag('generator', 'Airgrid'),
    podcast.coverUrl ? `<itunes:image href="${xmlText(podcast.coverUrl)}"/>` : '',
    podcast.coverUrl
      ? `<image>${tag('url', podcast.coverUrl)}${tag('title', podcast.title)}${tag('link', podcast.link)}</image>`
      : '',
    categoryTags(podcast.category),
    tag('itunes:explicit', podcast.explicit ? 'true' : 'false'),
    podcast.author ? tag('itunes:author', podcast.author) : '',
    owner,
    tag('itunes:type', podcast.type || 'episodic'),
    tag('podcast:guid', podcast.guid),
    lock,
    ...episodes.map(item),
  ].join('');
  const namespaces = Object.entries(PODCAST_NAMESPACES)
    .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
    .join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" ${namespaces}><channel>${channel}</channel></rss>\n`;
}
