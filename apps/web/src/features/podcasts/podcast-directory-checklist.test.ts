import { describe, expect, it } from 'vitest';
import { type DirectoryRule, podcastDirectoryChecklist } from './podcast-directory-checklist';
import type { EpisodeRecord, PodcastRecord } from './podcast-model';

const now = Date.UTC(2026, 10, 26, 12);
const yesterday = '2026-11-25 12:00:00.000Z';
const tomorrow = '2026-11-27 12:00:00.000Z';

function buildPodcast(overrides: Partial<PodcastRecord> = {}): PodcastRecord {
  return {
    id: 'p1',
    organization: 'o1',
    title: 'Council Minutes',
    slug: 'council-minutes',
    description: 'The city council, every week.',
    author: 'River City TV',
    ownerEmail: 'podcast@rctv.example',
    cover: 'cover_abc.png',
    category: 'Government',
    explicit: false,
    language: 'en',
    type: 'episodic',
    public: true,
    guid: 'g',
    created: '',
    updated: '',
    ...overrides,
  };
}

function buildEpisode(overrides: Partial<EpisodeRecord> = {}): EpisodeRecord {
  return {
    id: 'e1',
    organization: 'o1',
    podcast: 'p1',
    title: 'Budget hearing',
    description: '',
    audio: 'budget_hearing.m4a',
    durationSec: 1800,
    season: 0,
    episode: 0,
    episodeType: 'full',
    explicit: false,
    publishedAt: yesterday,
    guid: 'g1',
    show: '',
    created: '',
    updated: '',
    ...overrides,
  };
}

const ready = { podcast: buildPodcast(), episodes: [buildEpisode()] };

/** The rules that fail, with what each says to fix. */
function problems(
  podcast: PodcastRecord,
  episodes: EpisodeRecord[],
  coverSize?: { width: number; height: number },
): Partial<Record<DirectoryRule, string>> {
  return Object.fromEntries(
    podcastDirectoryChecklist(podcast, episodes, { now, coverSize })
      .filter((check) => !check.ok)
      .map((check) => [check.rule, check.problem]),
  );
}

describe('podcastDirectoryChecklist', () => {
  it('passes a podcast with everything directories check, each rule labelled', () => {
    const checks = podcastDirectoryChecklist(ready.podcast, ready.episodes, {
      now,
      coverSize: { width: 1400, height: 1400 },
    });
    expect(checks.every((check) => check.ok && check.problem === '')).toBe(true);
    expect(checks.map((check) => check.label)).toEqual([
      'Public feed',
      'Cover art',
      'Cover art size',
      'Category',
      'Description',
      'Language',
      'Author',
      'Owner’s email',
      'A published episode',
      'Episodes’ audio',
      'Episode titles',
      'Episode lengths',
    ]);
  });

  it('lists a private podcast: directories cannot read its feed', () => {
    expect(problems(buildPodcast({ public: false }), ready.episodes)).toEqual({
      public:
        'The podcast is private, so directories cannot read its feed. In Edit podcast, turn on Public.',
    });
  });

  it('lists missing cover art, with the rule it must meet', () => {
    expect(problems(buildPodcast({ cover: '' }), ready.episodes)).toEqual({
      cover:
        'Apple Podcasts requires cover art. Add it in Edit podcast, under Cover art: a square JPEG or PNG, 1400 to 3000 pixels a side.',
    });
  });

  it('checks the cover’s size only once it is known: square, 1400 to 3000 px', () => {
    const { podcast, episodes } = ready;
    expect(podcastDirectoryChecklist(podcast, episodes, { now }).map((c) => c.rule)).not.toContain(
      'coverSize',
    );
    expect(problems(podcast, episodes, { width: 1600, height: 1400 })).toEqual({
      coverSize:
        'Cover art must be square (this one is 1600 × 1400). In Edit podcast, choose another image under Cover art.',
    });
    expect(problems(podcast, episodes, { width: 600, height: 600 }).coverSize).toMatch(
      /^This cover art is too small: 600 pixels a side/,
    );
    expect(problems(podcast, episodes, { width: 3200, height: 3200 }).coverSize).toMatch(
      /^This cover art is too large: 3200 pixels a side/,
    );
    expect(problems(podcast, episodes, { width: 3000, height: 3000 })).toEqual({});
    // No cover: one problem, not two.
    expect(
      Object.keys(problems(buildPodcast({ cover: '' }), episodes, { width: 10, height: 10 })),
    ).toEqual(['cover']);
  });

  it('lists a missing category', () => {
    expect(problems(buildPodcast({ category: '' }), ready.episodes)).toEqual({
      category: 'Apple Podcasts requires a category. Choose one in Edit podcast, under Category.',
    });
  });

  it('lists a missing or blank description', () => {
    expect(problems(buildPodcast({ description: '  \n' }), ready.episodes)).toEqual({
      description:
        'Apple Podcasts and Spotify require a description. Write one in Edit podcast, under Description.',
    });
  });

  it('lists a missing language', () => {
    expect(Object.keys(problems(buildPodcast({ language: '' }), ready.episodes))).toEqual([
      'language',
    ]);
  });

  it('lists a missing author', () => {
    expect(Object.keys(problems(buildPodcast({ author: '' }), ready.episodes))).toEqual(['author']);
  });

  it('lists a missing owner’s email, which Spotify mails to confirm ownership', () => {
    expect(problems(buildPodcast({ ownerEmail: '' }), ready.episodes).ownerEmail).toMatch(
      /^Spotify sends a code to the owner’s email/,
    );
  });

  it('lists a feed without episodes: drafts, later ones and those without audio do not count', () => {
    const expected = {
      episodes:
        'Directories refuse a feed without episodes. Under Episodes, publish one that has its audio.',
    };
    expect(problems(ready.podcast, [])).toEqual(expected);
    expect(problems(ready.podcast, [buildEpisode({ publishedAt: '' })])).toEqual(expected);
    expect(problems(ready.podcast, [buildEpisode({ publishedAt: tomorrow })])).toEqual(expected);
  });

  it('lists episodes dated to be out that have no audio, which the feed leaves out', () => {
    const silent = [
      buildEpisode({ id: 'a', title: 'One', audio: '' }),
      buildEpisode({ id: 'b', title: 'Two', audio: '', publishedAt: tomorrow }),
      buildEpisode({ id: 'c', title: 'Three', audio: '' }),
      // A draft without audio is still being made: nothing to say yet.
      buildEpisode({ id: 'd', title: 'Draft', audio: '', publishedAt: '' }),
    ];
    expect(problems(ready.podcast, [...ready.episodes, ...silent])).toEqual({
      episodeAudio:
        'No audio yet for “One”, “Two” and 1 more, so the feed leaves them out. Upload it under Episodes (an episode made from an aired show gets its audio by itself in a minute or two).',
    });
  });

  it('lists episodes in the feed without a title', () => {
    expect(problems(ready.podcast, [buildEpisode({ title: ' ' })])).toEqual({
      episodeTitle:
        'An episode has no title, which Apple Podcasts requires. Under Episodes, choose Edit and give it one.',
    });
  });

  it('lists episodes in the feed whose length is not known', () => {
    expect(
      problems(ready.podcast, [
        buildEpisode({ title: 'One', durationSec: 0 }),
        buildEpisode({ title: 'Two', durationSec: 0 }),
      ]).episodeDuration,
    ).toMatch(/^No length yet for “One” and “Two”: /);
  });

  it('asks a serial podcast for a number on every episode', () => {
    const serial = buildPodcast({ type: 'serial' });
    expect(problems(serial, [buildEpisode({ episode: 1 })])).toEqual({});
    expect(problems(serial, [buildEpisode({ episode: 0 })])).toEqual({
      episodeNumbers:
        'A serial podcast needs a number on every episode, as Apple Podcasts plays them in order. “Budget hearing” has none: under Episodes, choose Edit.',
    });
    expect(
      podcastDirectoryChecklist(ready.podcast, ready.episodes, { now }).map((c) => c.rule),
    ).not.toContain('episodeNumbers');
  });

  it('lists every problem of a new podcast at once', () => {
    const fresh = buildPodcast({ cover: '', category: '', description: '', ownerEmail: '' });
    expect(Object.keys(problems(fresh, []))).toEqual([
      'cover',
      'category',
      'description',
      'ownerEmail',
      'episodes',
    ]);
  });
});
