import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

// What a podcast's feed reads: the public podcast by its slug (with its station's slug, for the
// page link), its published episodes, and the complete captions of the shows they came from.

/** Most items one feed carries: enough for a daily podcast of eight years, and bounded. */
const MAX_FEED_EPISODES = 3000;

export interface PodcastRow {
  id: string;
  organization: string;
  organizationSlug: string;
  title: string;
  slug: string;
  description: string;
  author: string;
  ownerEmail: string;
  cover: string;
  category: string;
  explicit: boolean;
  language: string;
  type: string;
  guid: string;
  updated: string;
}

export interface EpisodeRow {
  id: string;
  title: string;
  description: string;
  audio: string;
  durationSec: number;
  season: number;
  episode: number;
  episodeType: string;
  explicit: boolean;
  publishedAt: string;
  guid: string;
  show: string;
  updated: string;
}

export class PodcastFeedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The public podcast with this slug, of a station that is not archived; or undefined. */
  async publicPodcast(slug: string): Promise<PodcastRow | undefined> {
    const row = await this.db
      .selectFrom('podcasts as p')
      .innerJoin('organizations as o', 'o.id', 'p.organization')
      .select([
        'p.id',
        'p.organization',
        'o.slug as organizationSlug',
        'p.title',
        'p.slug',
        'p.description',
        'p.author',
        'p.ownerEmail',
        'p.cover',
        'p.category',
        'p.explicit',
        'p.language',
        'p.type',
        'p.guid',
        'p.updated',
      ])
      .where('p.slug', '=', slug)
      .where('p.public', '=', true)
      .where('o.archivedAt', '=', '')
      .executeTakeFirst();
    return row && { ...row, explicit: Boolean(row.explicit) };
  }

  /** Its episodes published by `now` that have audio, newest first. */
  async publishedEpisodes(podcast: string, now: number): Promise<EpisodeRow[]> {
    const rows = await this.db
      .selectFrom('episodes')
      .select([
        'id',
        'title',
        'description',
        'audio',
        'durationSec',
        'season',
        'episode',
        'episodeType',
        'explicit',
        'publishedAt',
        'guid',
        'show',
        'updated',
      ])
      .where('podcast', '=', podcast)
      .where('publishedAt', '!=', '')
      .where('publishedAt', '<=', toRecordDate(now))
      .where('audio', '!=', '')
      .orderBy('publishedAt', 'desc')
      .orderBy('id')
      .limit(MAX_FEED_EPISODES)
      .execute();
    return rows.map((row) => ({ ...row, explicit: Boolean(row.explicit) }));
  }

  /** When its next scheduled episode comes out (a record date), or undefined. */
  async nextPublication(podcast: string, now: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('episodes')
      .select('publishedAt')
      .where('podcast', '=', podcast)
      .where('publishedAt', '>', toRecordDate(now))
      .orderBy('publishedAt')
      .limit(1)
      .executeTakeFirst();
    return row?.publishedAt;
  }

  /** Each show's complete captions track (its default first), as id and language. */
  async transcripts(
    shows: readonly string[],
  ): Promise<Map<string, { id: string; language: string }>> {
    const found = new Map<string, { id: string; language: string }>();
    if (shows.length === 0) return found;
    const rows = await this.db
      .selectFrom('captions')
      .select(['id', 'show', 'language'])
      .where('show', 'in', [...new Set(shows)])
      .where('status', '=', 'complete')
      .where('kind', 'in', ['captions', 'subtitles'])
      .orderBy('isDefault', 'desc')
      .orderBy('created')
      .execute();
    for (const row of rows) if (!found.has(row.show)) found.set(row.show, row);
    return found;
  }

  /** Keeps the podcast's guid, the first time its feed is read; the first one written stays. */
  async keepGuid(podcast: string, guid: string): Promise<void> {
    await this.db
      .updateTable('podcasts')
      .set({ guid })
      .where('id', '=', podcast)
      .where('guid', '=', '')
      .execute();
  }
}
