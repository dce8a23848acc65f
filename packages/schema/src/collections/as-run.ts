import { defineCollection, type RecordOf } from '../collection.js';
import { date, number, relation, select, text } from '../fields.js';

/**
 * What an as-run entry aired: a timeslot's show, a filler clip, the slate (issue 39), or a
 * placed spot (issue 40).
 */
export const AS_RUN_KINDS = ['programme', 'filler', 'slate', 'spot'] as const;
export type AsRunKind = (typeof AS_RUN_KINDS)[number];

/**
 * The as-run log (docs/decisions/0045-as-run-log.md): what a channel airing through Airgrid
 * playout actually aired, one entry per item, to the second, recorded by the server from the
 * same function as the live playlist. Members read it; only the server writes it. Entries
 * outlive the timeslot and the show they name (the references are cleared, the title kept).
 */
export const asRun = defineCollection({
  id: 'pbc_1204167499',
  name: 'asRun',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('channel', 'channels', { required: true, cascadeDelete: true }),
    select('kind', AS_RUN_KINDS, { required: true }),
    // The programme's show, or the filler clip's; none for the slate.
    relation('show', 'shows'),
    // The show's title as it aired (the show may be renamed or deleted later).
    text('title', { max: 300 }),
    // The timeslot a programme aired in.
    relation('timeslot', 'timeslots'),
    // The playoutPackages record aired (segments under playout/{package}/).
    text('package', { required: true, max: 15 }),
    // On the channel's segment grid; `end` is exclusive.
    date('start', { required: true }),
    date('end', { required: true }),
    // Seconds into the media at `start` (0 unless it joined late or continued from a day before).
    number('offsetSec', { min: 0, onlyInt: true }),
    // A spot's ad, and the placement (campaigns area) it proves: the proof of play.
    relation('ad', 'ads'),
    text('placement', { max: 15 }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization', 'created'] },
    { name: 'channel_start', columns: ['channel', 'start'], unique: true },
    { name: 'show', columns: ['show'] },
    { name: 'timeslot', columns: ['timeslot'] },
    { name: 'placement', columns: ['placement'] },
  ],
});

export type AsRunRecord = RecordOf<typeof asRun>;
