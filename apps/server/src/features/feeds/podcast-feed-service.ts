import { createHash } from 'node:crypto';
import path from 'node:path';
import { fromRecordDate } from '@airgrid/domain';
import { episodes as episodesCollection, podcasts as podcastsCollection } from '@airgrid/schema';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import { type FileStorage, fileKey } from '../../files/file-storage.js';
import type { Feed } from './feed-service.js';
import { fileUrl } from './feed-urls.js';
import type { PodcastFeedRepository } from './podcast-feed-repository.js';
import { type FeedEpisode, podcastFeedXml } from './podcast-feed-writer.js';

/** The Podcasting 2.0 namespace's UUID for podcast:guid (a UUIDv5 of the feed's address). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** A name-based UUID (RFC 9562 version 5: SHA-1). */
function uuidV5(name: string, namespace: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** podcast:guid as the namespace derives it: from the feed's address without its scheme. */
export function podcastGuid(feedUrl: string): string {
  return uuidV5(feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
}

/** The enclosure types Apple lists, by the audio file's extension. */
const AUDIO_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/x-m4a',
  '.mp4': 'audio/x-m4a',
  '.aac': 'audio/aac',
};

export const NO_PODCAST = 'No public podcast has that address.';

/** Podcast feeds: /api/v1/feeds/podcasts/{slug}.xml. */
export class PodcastFeedService {
  constructor(
    private readonly repository: PodcastFeedRepository,
    private readonly storage: FileStorage,
    private readonly options: { appUrl: string; basePath: string; clock: Clock },
  ) {}

  /** The address of a podcast's feed. */
  feedUrl(slug: string): string {
    return `${this.options.appUrl}${this.options.basePath}/podcasts/${encodeURIComponent(slug)}.xml`;
  }

  async feed(slug: string): Promise<Feed> {
    const podcast = await this.repository.publicPodcast(slug);
    if (!podcast) throw new ApiError(404, NO_PODCAST);
    const { appUrl, clock } = this.options;
    const now = clock.now();
    const feedUrl = this.feedUrl(podcast.slug);
    // Kept the first time, so a later change of slug or domain keeps the podcast's identity.
    let guid = podcast.guid;
    if (!guid) {
      guid = podcastGuid(feedUrl);
      await this.repository.keepGuid(podcast.id, guid);
    }
    const rows = await this.repository.publishedEpisodes(podcast.id, now);
    const transcripts = await this.repository.transcripts(
      rows.map((row) => row.show).filter(Boolean),
    );
    const items: FeedEpisode[] = [];
    for (const row of rows) {
      // The enclosure's length must be the file's, to the byte.
      const stored = await this.storage.stat(fileKey(episodesCollection.id, row.id, row.audio));
      if (!stored) continue;
      const track = transcripts.get(row.show);
      items.push({
        guid: row.guid || row.id,
        title: row.title,
        description: row.description,
        publishedAt: fromRecordDate(row.publishedAt) ?? now,
        audioUrl: fileUrl(appUrl, 'episodes', row.id, row.audio),
        audioBytes: stored.size,
        audioType: AUDIO_TYPES[path.extname(row.audio).toLowerCase()] ?? 'audio/mpeg',
        durationSec: row.durationSec,
        season: row.season,
        episode: row.episode,
        episodeType: row.episodeType,
        explicit: row.explicit,
        transcript: track
          ? { url: `${appUrl}/api/v1/captions/${track.id}.vtt`, language: track.language }
          : null,
      });
    }
    const changed = Math.max(
      fromRecordDate(podcast.updated) ?? 0,
      ...rows.map((row) => fromRecordDate(row.updated) ?? 0),
      ...items.map((item) => item.publishedAt),
    );
    const text = podcastFeedXml(
      {
        title: podcast.title,
        description: podcast.description,
        author: podcast.author,
        ownerEmail: podcast.ownerEmail,
        coverUrl: podcast.cover
          ? fileUrl(appUrl, podcastsCollection.name, podcast.id, podcast.cover)
          : '',
        category: podcast.category,
        explicit: podcast.explicit,
        language: podcast.language,
        type: podcast.type,
        guid,
        link: `${appUrl}/o/${encodeURIComponent(podcast.organizationSlug)}/podcasts/${encodeURIComponent(podcast.slug)}`,
        feedUrl,
        updated: changed,
      },
      items,
    );
    const next = await this.repository.nextPublication(podcast.id, now);
    return {
      contentType: 'application/rss+xml; charset=utf-8',
      etag: `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`,
      lastModified: Math.floor(changed / 1000) * 1000,
      organization: podcast.organization,
      // A scheduled episode joins the feed at its time.
      windowMovesAt: next ? (fromRecordDate(next) ?? null) : null,
      async *body() {
        yield text;
      },
    };
  }
}
