import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';
import type { EpisodeRecord, PodcastRecord } from './podcast-model';

// The podcasts area's data: its query keys and the SDK calls behind them.

export const podcastKeys = {
  all: ['podcasts'] as const,
  list: (organization: string) => ['podcasts', 'list', organization] as const,
  one: (id: string) => ['podcasts', 'one', id] as const,
  episodes: (podcast: string) => ['podcasts', 'episodes', podcast] as const,
  showsWithMedia: (organization: string) => ['podcasts', 'shows', organization] as const,
  publicPodcast: (slug: string) => ['podcasts', 'public', slug] as const,
  coverSize: (podcast: string, cover: string) =>
    ['podcasts', 'cover-size', podcast, cover] as const,
};

export interface ShowChoice {
  id: string;
  title: string;
  description: string;
  season: number;
  episode: number;
}

export const podcastQueries = {
  list: (organization: string) =>
    queryOptions({
      queryKey: podcastKeys.list(organization),
      enabled: organization !== '',
      queryFn: () =>
        pb.collection('podcasts').getFullList<PodcastRecord>({
          filter: pb.filter('organization = {:organization}', { organization }),
          sort: 'title',
        }),
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: podcastKeys.one(id),
      queryFn: async () => {
        try {
          return await pb.collection('podcasts').getOne<PodcastRecord>(id);
        } catch (error) {
          if ((error as { status?: number }).status === 404) return null;
          throw error;
        }
      },
    }),
  /** The podcast's episodes, newest first; drafts (no date) on top. */
  episodes: (podcast: string) =>
    queryOptions({
      queryKey: podcastKeys.episodes(podcast),
      queryFn: () =>
        pb.collection('episodes').getFullList<EpisodeRecord>({
          filter: pb.filter('podcast = {:podcast}', { podcast }),
          sort: '-publishedAt,-created',
        }),
    }),
  /** The shows an episode can be made from: those with a media file. */
  showsWithMedia: (organization: string) =>
    queryOptions({
      queryKey: podcastKeys.showsWithMedia(organization),
      enabled: organization !== '',
      queryFn: () =>
        pb.collection('shows').getFullList<ShowChoice>({
          filter: pb.filter('organization = {:organization} && media != ""', { organization }),
          sort: 'title',
          fields: 'id,title,description,season,episode',
        }),
    }),
  /**
   * The stored cover's pixel size, for the directory checklist. The server measured it on
   * upload, but lets through an image it cannot measure; the browser decodes what a directory
   * would fetch. Null when it cannot be read (the checklist then leaves the size alone).
   */
  coverSize: (podcast: PodcastRecord) =>
    queryOptions({
      queryKey: podcastKeys.coverSize(podcast.id, podcast.cover),
      enabled: podcast.cover !== '',
      // A stored file never changes: a new cover is a new name, so a new key.
      staleTime: Number.POSITIVE_INFINITY,
      queryFn: () => naturalSize(pb.files.getURL(podcast, podcast.cover)),
    }),
  /** A public podcast by its slug, with its published episodes (what anyone may read). */
  publicPodcast: (slug: string) =>
    queryOptions({
      queryKey: podcastKeys.publicPodcast(slug),
      queryFn: async () => {
        const found = await pb
          .collection('podcasts')
          .getList<PodcastRecord>(1, 1, { filter: pb.filter('slug = {:slug}', { slug }) });
        const podcast = found.items[0];
        if (!podcast) return null;
        const episodes = await pb.collection('episodes').getFullList<EpisodeRecord>({
          filter: pb.filter(
            'podcast = {:podcast} && publishedAt != "" && publishedAt <= @now && audio != ""',
            { podcast: podcast.id },
          ),
          sort: '-publishedAt',
        });
        return { podcast, episodes };
      },
    }),
};

export function createPodcast(body: Record<string, unknown>) {
  return pb.collection('podcasts').create<PodcastRecord>(body);
}

export function updatePodcast(id: string, body: Record<string, unknown>) {
  return pb.collection('podcasts').update<PodcastRecord>(id, body);
}

export function createEpisode(body: Record<string, unknown>) {
  return pb.collection('episodes').create<EpisodeRecord>(body);
}

export function updateEpisode(id: string, body: Record<string, unknown>) {
  return pb.collection('episodes').update<EpisodeRecord>(id, body);
}

export function deleteEpisode(id: string) {
  return pb.collection('episodes').delete(id);
}

/** The podcast's cover art at a size, or '' when it has none. */
export function coverUrl(podcast: PodcastRecord, thumb = '400x400'): string {
  return podcast.cover ? pb.files.getURL(podcast, podcast.cover, { thumb }) : '';
}

/** An episode's audio, as podcast apps fetch it. */
export function audioUrl(episode: EpisodeRecord): string {
  return episode.audio ? pb.files.getURL(episode, episode.audio) : '';
}

async function naturalSize(url: string): Promise<{ width: number; height: number } | null> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    return null;
  }
  return image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null;
}
