import { defineCollection, type RecordOf } from '../collection.js';
import { date, number, relation, select, text } from '../fields.js';

/** The kind of break a spot is placed in: inside a programme, after it, or in a gap. */
export const BREAK_KINDS = ['point', 'end', 'gap'] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

/**
 * One spot of a campaign placed in a break of a channel's schedule (issue 40; the engine is
 * packages/domain's `placeSpots`). Only the server writes them: again whenever the schedule or
 * a campaign changes, keeping every spot of a break that has begun. Members read them.
 */
export const placements = defineCollection({
  id: 'pbc_38668777',
  name: 'placements',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('campaign', 'campaigns', { required: true, cascadeDelete: true }),
    relation('ad', 'ads', { required: true }),
    relation('channel', 'channels', { required: true, cascadeDelete: true }),
    // The break, as the engine names it (`{channel}:{start ms}:{kind}`).
    text('breakId', { required: true, max: 80 }),
    select('breakKind', BREAK_KINDS),
    // The programme the break is in or after (a gap: the one before it, if any).
    relation('timeslot', 'timeslots'),
    relation('show', 'shows'),
    // When the spot starts, to the millisecond, and its exact runtime.
    date('start', { required: true }),
    number('offsetSec', { min: 0 }),
    number('durationSec', { min: 0 }),
  ],
  indexes: [
    { name: 'organization_start', columns: ['organization', 'start'] },
    { name: 'campaign_start', columns: ['campaign', 'start'] },
    { name: 'channel_start', columns: ['channel', 'start'] },
  ],
});

export type PlacementRecord = RecordOf<typeof placements, { breakKind: BreakKind }>;
