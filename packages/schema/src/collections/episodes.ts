import { defineCollection, MAX_DURATION_SEC, type RecordOf } from '../collection.js';
import { bool, date, file, number, relation, select, text } from '../fields.js';
import { EPISODE_AUDIO_MIME_TYPES, EPISODE_TYPES } from '../podcasts.js';

export const episodes = defineCollection({
  id: 'pbc_1033569988',
  name: 'episodes',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('podcast', 'podcasts', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    text('description', { max: 4000 }),
    file('audio', { maxSize: 2 * 1024 ** 3, mimeTypes: EPISODE_AUDIO_MIME_TYPES }),
    number('durationSec', { min: 0, max: MAX_DURATION_SEC, onlyInt: true }),
    number('season', { min: 0, max: 9999, onlyInt: true }),
    number('episode', { min: 0, max: 99999, onlyInt: true }),
    select('episodeType', EPISODE_TYPES),
    bool('explicit'),
    // Empty: a draft, left out of the feed.
    date('publishedAt'),
    // The item's guid, set by the server when the episode is made (never changes).
    text('guid', { max: 64, system: true }),
    // The aired show it was made from: its audio, and its captions as the transcript.
    relation('show', 'shows'),
  ],
  indexes: [
    { name: 'organization', columns: ['organization', 'created'] },
    { name: 'podcast_published', columns: ['podcast', 'publishedAt'] },
    { name: 'show', columns: ['show'] },
  ],
});

export type EpisodeRecord = RecordOf<typeof episodes>;
