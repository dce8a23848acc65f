import { defineCollection, MAX_DURATION_SEC } from '../collection.js';
import { date, json, number, relation, text } from '../fields.js';

export const recurrences = defineCollection({
  id: 'pbc_2810792915',
  name: 'recurrences',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('channel', 'channels', { required: true, cascadeDelete: true }),
    relation('show', 'shows', { required: true, cascadeDelete: true }),
    text('rrule', { required: true, max: 500 }),
    text('timeZone', { required: true, max: 64 }),
    text('startLocal', { required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' }),
    number('durationSec', { required: true, min: 900, max: MAX_DURATION_SEC, onlyInt: true }),
    date('until'),
    json('exceptions'),
  ],
  indexes: [
    { name: 'channel', columns: ['channel'] },
    { name: 'organization', columns: ['organization'] },
  ],
});
