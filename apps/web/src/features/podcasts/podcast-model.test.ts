import { PODCAST_CATEGORY_VALUES } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  categoryOptions,
  checkPodcastForm,
  coverSizeProblem,
  type EpisodeRecord,
  episodeNumber,
  episodeState,
  newPodcastValues,
} from './podcast-model';

describe('coverSizeProblem', () => {
  it('takes square art from 1400 to 3000 px and names what is wrong otherwise', () => {
    expect(coverSizeProblem({ width: 1400, height: 1400 })).toBeNull();
    expect(coverSizeProblem({ width: 3000, height: 3000 })).toBeNull();
    expect(coverSizeProblem({ width: 1600, height: 1400 })).toBe(
      'Cover art must be square (this one is 1600 × 1400).',
    );
    expect(coverSizeProblem({ width: 800, height: 800 })).toBe(
      'This cover art is too small: 800 pixels a side, and Apple Podcasts takes 1400 to 3000.',
    );
    expect(coverSizeProblem({ width: 3001, height: 3001 })).toBe(
      'This cover art is too large: 3001 pixels a side, and Apple Podcasts takes 1400 to 3000.',
    );
    expect(coverSizeProblem('unreadable')).toBe('This image cannot be read.');
  });
});

describe('checkPodcastForm', () => {
  it('asks for a title and a feed name, and checks the address and language', () => {
    expect(checkPodcastForm(newPodcastValues('RCTV'))).toEqual({
      title: 'Give it a title.',
      slug: 'Use lower-case letters, digits and single dashes, e.g. council-minutes.',
    });
    expect(
      checkPodcastForm({
        ...newPodcastValues(''),
        title: 'Minutes',
        slug: 'minutes',
        ownerEmail: 'nope',
        language: 'english',
      }),
    ).toEqual({
      ownerEmail: 'Write an email address, e.g. podcast@station.org.',
      language: 'Write a language code such as en, en-US or es.',
    });
  });
});

describe('categoryOptions', () => {
  it('offers every category the server takes, grouped under its parent', () => {
    const values = categoryOptions().flatMap((group) => group.items.map((item) => item.value));
    expect(values).toEqual([...PODCAST_CATEGORY_VALUES]);
    expect(categoryOptions().find((group) => group.group === 'News')?.items[1]).toEqual({
      value: 'News > Business News',
      label: 'News › Business News',
    });
  });
});

describe('episodeState', () => {
  const now = Date.UTC(2026, 10, 26, 12);
  const episode = (fields: Partial<EpisodeRecord>) =>
    ({ audio: 'a.m4a', publishedAt: '', ...fields }) as EpisodeRecord;
  it('reads audio to come, draft, scheduled and published', () => {
    expect(episodeState(episode({ audio: '' }), now)).toBe('preparing');
    expect(episodeState(episode({}), now)).toBe('draft');
    expect(episodeState(episode({ publishedAt: '2026-11-27 12:00:00.000Z' }), now)).toBe(
      'scheduled',
    );
    expect(episodeState(episode({ publishedAt: '2026-11-25 12:00:00.000Z' }), now)).toBe(
      'published',
    );
  });
  it('numbers episodes as apps do', () => {
    expect(episodeNumber({ season: 2, episode: 7 })).toBe('S2 · E7');
    expect(episodeNumber({ season: 0, episode: 7 })).toBe('E7');
    expect(episodeNumber({ season: 0, episode: 0 })).toBe('');
  });
});
