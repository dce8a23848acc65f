import { defineCollection, type RecordOf } from '../collection.js';
import { bool, email, image, relation, select, text } from '../fields.js';
import { PODCAST_CATEGORY_VALUES, PODCAST_COVER, PODCAST_TYPES } from '../podcasts.js';

export const podcasts = defineCollection({
  id: 'pbc_3997675558',
  name: 'podcasts',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    // The feed's address: /api/v1/feeds/podcasts/{slug}.xml, unique on the server.
    text('slug', { required: true, min: 1, max: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    // Apple counts at most 4000 bytes.
    text('description', { max: 4000 }),
    text('author', { max: 200 }),
    email('ownerEmail'),
    image('cover', {
      maxSize: 10 * 1024 * 1024,
      mimeTypes: PODCAST_COVER.mimeTypes,
      maxImageSize: { width: PODCAST_COVER.maxPx, height: PODCAST_COVER.maxPx },
      minImageSize: { width: PODCAST_COVER.minPx, height: PODCAST_COVER.minPx },
      squareImage: true,
      thumbs: ['100x100', '400x400'],
    }),
    select('category', PODCAST_CATEGORY_VALUES),
    bool('explicit'),
    text('language', { max: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' }),
    select('type', PODCAST_TYPES),
    bool('public'),
    // podcast:guid, set by the server when the podcast is made (never changes).
    text('guid', { max: 64, system: true }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization', 'created'] },
    { name: 'slug', columns: ['slug'], unique: true },
  ],
});

export type PodcastRecord = RecordOf<typeof podcasts>;
