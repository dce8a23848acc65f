import { fromRecordDate } from '@airgrid/domain';
import {
  CATEGORY_SEPARATOR,
  type EpisodeRecord,
  PODCAST_CATEGORIES,
  PODCAST_COVER,
  type PodcastRecord,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import type { ImageSize } from '../../lib/image-size';
import type { ImageLimits } from '../../ui/image-input';

// The podcasts area's rules as the forms check them before sending (the server checks again),
// and how an episode's state reads.

export type { EpisodeRecord, PodcastRecord };

export interface PodcastFormValues {
  title: string;
  slug: string;
  description: string;
  author: string;
  ownerEmail: string;
  category: string;
  language: string;
  type: string;
  explicit: boolean;
  public: boolean;
}

export function newPodcastValues(author: string): PodcastFormValues {
  return {
    title: '',
    slug: '',
    description: '',
    author,
    ownerEmail: '',
    category: '',
    language: 'en',
    type: 'episodic',
    explicit: false,
    public: true,
  };
}

export function podcastFormValues(podcast: PodcastRecord): PodcastFormValues {
  const { title, slug, description, author, ownerEmail, category, language, type } = podcast;
  return {
    title,
    slug,
    description,
    author,
    ownerEmail,
    category,
    language,
    type: type || 'episodic',
    explicit: podcast.explicit,
    public: podcast.public,
  };
}

export function checkPodcastForm(values: PodcastFormValues): Record<string, string> {
  const t = messages().podcasts;
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = t.titleRequired;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(values.slug)) errors.slug = t.slugRule;
  if (values.language && !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(values.language))
    errors.language = t.languageRule;
  if (values.ownerEmail && !/^[^\s@]+@[^\s@]+$/.test(values.ownerEmail))
    errors.ownerEmail = t.emailRule;
  if (values.description.length > 4000) errors.description = t.descriptionTooLong;
  return errors;
}

/** Apple's categories for a select: each category, then its subcategories under it. */
export function categoryOptions(): { group: string; items: { value: string; label: string }[] }[] {
  return Object.entries(PODCAST_CATEGORIES).map(([category, subcategories]) => ({
    group: category,
    items: [
      { value: category, label: category },
      ...subcategories.map((sub) => ({
        value: `${category}${CATEGORY_SEPARATOR}${sub}`,
        label: `${category} › ${sub}`,
      })),
    ],
  }));
}

/** Cover art as Apple takes it: JPEG or PNG, square, 1400 to 3000 px. */
export const COVER_LIMITS: ImageLimits = {
  accept: PODCAST_COVER.mimeTypes.join(','),
  get hint() {
    return messages().podcasts.coverHint;
  },
  fileProblem: (file) =>
    (PODCAST_COVER.mimeTypes as readonly string[]).includes(file.type)
      ? null
      : messages().podcasts.coverType(file.name),
  sizeProblem: (_file, size) => coverSizeProblem(size),
};

export function coverSizeProblem(size: ImageSize): string | null {
  const t = messages().podcasts;
  if (size === 'unreadable' || size === null) return t.coverUnreadable;
  if (size.width !== size.height) return t.coverNotSquare(size.width, size.height);
  if (size.width < PODCAST_COVER.minPx) return t.coverTooSmall(size.width);
  if (size.width > PODCAST_COVER.maxPx) return t.coverTooLarge(size.width);
  return null;
}

export type EpisodeState = 'preparing' | 'draft' | 'scheduled' | 'published';

/** Where an episode stands: its audio still coming, a draft, dated later, or out. */
export function episodeState(episode: EpisodeRecord, now: number): EpisodeState {
  if (!episode.audio) return 'preparing';
  const at = fromRecordDate(episode.publishedAt);
  if (at === null) return 'draft';
  return at > now ? 'scheduled' : 'published';
}

/** "S2 · E7", "E7" or ''. */
export function episodeNumber(episode: Pick<EpisodeRecord, 'season' | 'episode'>): string {
  const parts = [];
  if (episode.season > 0) parts.push(`S${episode.season}`);
  if (episode.episode > 0) parts.push(`E${episode.episode}`);
  return parts.join(' · ');
}
