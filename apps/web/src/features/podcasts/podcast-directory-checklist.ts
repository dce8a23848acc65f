import { messages } from '../../i18n/messages';
import {
  coverSizeProblem,
  type EpisodeRecord,
  episodeState,
  type PodcastRecord,
} from './podcast-model';

// What Apple Podcasts and Spotify check when a station submits the feed, read from the records
// the feed is written from (features/feeds/podcast-feed-writer.ts on the server), so the station
// sees what would be rejected before it submits rather than in a directory's email. The rules:
// Apple's required channel tags (artwork 1400-3000 px square, category, language, description,
// at least one episode), Spotify's owner email (it mails a code there to confirm ownership), and
// Apple's episode numbers for a serial podcast. The explicit flag has no rule: it is a switch,
// so the feed always says true or false.

export type DirectoryRule =
  | 'public'
  | 'cover'
  | 'coverSize'
  | 'category'
  | 'description'
  | 'language'
  | 'author'
  | 'ownerEmail'
  | 'episodes'
  | 'episodeAudio'
  | 'episodeTitle'
  | 'episodeDuration'
  | 'episodeNumbers';

export interface DirectoryCheck {
  rule: DirectoryRule;
  ok: boolean;
  /** What is checked, e.g. "Cover art". */
  label: string;
  /** What to fix and where; '' when it passes. */
  problem: string;
}

export interface DirectoryChecklistOptions {
  /** Epoch ms: which episodes are out, and so in the feed. */
  now: number;
  /** The stored cover's pixel size, when the page has read it; the size rule waits for it. */
  coverSize?: { width: number; height: number } | null;
}

/** What a podcast directory would check in the podcast's feed, each rule passed or not. */
export function podcastDirectoryChecklist(
  podcast: PodcastRecord,
  episodes: readonly EpisodeRecord[],
  { now, coverSize = null }: DirectoryChecklistOptions,
): DirectoryCheck[] {
  const t = messages().podcasts.directory;
  const checks: DirectoryCheck[] = [];
  const check = (rule: DirectoryRule, problem: string | null) =>
    checks.push({ rule, ok: problem === null, label: t.labels[rule], problem: problem ?? '' });

  check('public', podcast.public ? null : t.notPublic);
  check('cover', podcast.cover ? null : t.noCover);
  if (podcast.cover && coverSize) check('coverSize', coverProblem(coverSize));
  check('category', podcast.category ? null : t.noCategory);
  check('description', podcast.description.trim() ? null : t.noDescription);
  check('language', podcast.language.trim() ? null : t.noLanguage);
  check('author', podcast.author.trim() ? null : t.noAuthor);
  check('ownerEmail', podcast.ownerEmail.trim() ? null : t.noOwnerEmail);

  // The feed carries published episodes with audio; drafts are not a directory's concern, but
  // an episode dated to be out that still has no audio is left out of the feed.
  const inFeed = episodes.filter((episode) => episodeState(episode, now) === 'published');
  const dated = episodes.filter((episode) => episode.publishedAt !== '');
  check('episodes', inFeed.length > 0 ? null : t.noEpisodes);
  if (dated.length > 0) {
    const silent = dated.filter((episode) => !episode.audio);
    check('episodeAudio', silent.length ? t.noAudio(titles(silent), silent.length) : null);
  }
  if (inFeed.length > 0) {
    const untitled = inFeed.filter((episode) => !episode.title.trim());
    check('episodeTitle', untitled.length ? t.noTitle(untitled.length) : null);
    const unmeasured = inFeed.filter((episode) => !(episode.durationSec > 0));
    check('episodeDuration', unmeasured.length ? t.noDuration(titles(unmeasured)) : null);
    if (podcast.type === 'serial') {
      const unnumbered = inFeed.filter((episode) => !(episode.episode > 0));
      check(
        'episodeNumbers',
        unnumbered.length ? t.noNumber(titles(unnumbered), unnumbered.length) : null,
      );
    }
  }
  return checks;
}

function coverProblem(size: { width: number; height: number }): string | null {
  const problem = coverSizeProblem(size);
  return problem && `${problem} ${messages().podcasts.directory.otherCover}`;
}

/** The first titles and how many more: enough to find them in the list without a wall of text. */
function titles(episodes: readonly EpisodeRecord[]): string {
  const named = episodes.slice(0, 2).map((episode) => episode.title.trim() || '…');
  return messages().podcasts.directory.episodeTitles(named, episodes.length - named.length);
}
