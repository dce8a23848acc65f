import { defineCollection, type RecordOf } from '../collection.js';
import { bool, date, image, LARGE_IMAGE, number, relation, select, text, url } from '../fields.js';
import { CHANNEL_SOURCES, MAX_FILLER_SHOWS, PLAYOUT_PROFILE_IDS } from '../playout-profiles.js';

export const channels = defineCollection({
  id: 'pbc_3009067695',
  name: 'channels',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 120 }),
    text('slug', { required: true, min: 1, max: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    number('number', { min: 0, max: 99999, onlyInt: true }),
    text('description', { max: 5000 }),
    image('logo'),
    url('streamUrl'),
    // What viewers get: the stream URL, Airgrid playout of the schedule, or the test pattern.
    select('source', CHANNEL_SOURCES),
    // The profile the channel's playout is packaged in (empty: 720p30).
    select('playoutProfile', PLAYOUT_PROFILE_IDS),
    // The filler rotation, in the station's order: shows that play in the gaps of the playout.
    relation('filler', 'shows', { maxSelect: MAX_FILLER_SHOWS }),
    text('timeZone', { required: true, max: 64 }),
    // What the channel speaks (BCP 47: en, es-MX): caption coverage counts tracks in it.
    text('language', { max: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' }),
    bool('public'),
    text('color', { max: 32, pattern: '^#[0-9a-fA-F]{6}$' }),
    text('bumperTitle', { max: 120 }),
    text('bumperDescription', { max: 500 }),
    image('bumperImage', LARGE_IMAGE),
    number('sortOrder', { onlyInt: true }),
    bool('archived'),
    // When it was archived (server-set): the archive purges it after the retention period.
    date('archivedAt', { system: true }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization'] },
    { name: 'organization_slug', columns: ['organization', 'slug'], unique: true },
  ],
});

export type ChannelRecord = RecordOf<typeof channels>;
