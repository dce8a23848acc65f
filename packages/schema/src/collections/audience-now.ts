import { defineCollection, type RecordOf } from '../collection.js';
import { number, relation } from '../fields.js';

/**
 * Viewers watching a channel now (docs/decisions/0052-audience-measurement.md): distinct
 * anonymous sessions with a start or beat in the last minute, counted every 15 seconds by one
 * node and written when the number changes, so the station's open pages hear of it through
 * realtime. One record per channel; members read it; only the server writes it.
 */
export const audienceNow = defineCollection({
  id: 'pbc_3145583229',
  name: 'audienceNow',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('channel', 'channels', { required: true, cascadeDelete: true }),
    number('viewers', { min: 0, onlyInt: true }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization'] },
    { name: 'channel', columns: ['channel'], unique: true },
  ],
});

export type AudienceNowRecord = RecordOf<typeof audienceNow>;
