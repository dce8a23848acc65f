import { defineCollection } from '../collection.js';
import { image, LARGE_IMAGE, relation, text } from '../fields.js';

export const series = defineCollection({
  id: 'pbc_218332259',
  name: 'series',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('title', { required: true, max: 200 }),
    text('description', { max: 5000 }),
    text('category', { max: 64 }),
    image('thumbnail', LARGE_IMAGE),
  ],
  indexes: [{ name: 'organization', columns: ['organization'] }],
});
