import { defineCollection, type RecordOf } from '../collection.js';
import { number, relation, text } from '../fields.js';

/**
 * One media packaged for playout (docs/decisions/0044-playout-packaging.md): a show's media, a
 * spot's, or a channel's slate, cut into HLS segments of exactly `segmentSec` seconds in one
 * profile, stored under `playout/{id}/` in the file storage. Only the server writes them; members read them to
 * see what is ready to air.
 */
export const playoutPackages = defineCollection({
  id: 'pbc_177164544',
  name: 'playoutPackages',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    // A show's media, a spot's (`ad`), or (with `channel`) a channel's slate.
    relation('show', 'shows', { cascadeDelete: true }),
    relation('ad', 'ads', { cascadeDelete: true }),
    relation('channel', 'channels', { cascadeDelete: true }),
    // The profile (PLAYOUT_PROFILES) it is packaged in.
    text('profile', { required: true, max: 16 }),
    // What it was made from: the media file's name, or the slate's fingerprint. Another value
    // on the show or channel now means it needs packaging again.
    text('source', { required: true, max: 300 }),
    number('segmentSec', { min: 1, max: 900, onlyInt: true }),
    // Segments of exactly `segmentSec` (the last padded with black and silence).
    number('segments', { min: 1, onlyInt: true }),
    // The media's own length, before padding.
    number('durationSec', { min: 0 }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization', 'created'] },
    { name: 'show_profile', columns: ['show', 'profile'] },
    { name: 'channel_profile', columns: ['channel', 'profile'] },
    { name: 'ad_profile', columns: ['ad', 'profile'] },
  ],
});

export type PlayoutPackageRecord = RecordOf<typeof playoutPackages>;
