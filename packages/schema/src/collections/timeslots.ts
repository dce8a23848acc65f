import { defineCollection, MAX_DURATION_SEC, type RecordOf } from '../collection.js';
import { bool, date, number, relation, select, text } from '../fields.js';

export const TIMESLOT_STATUSES = ['scheduled', 'cancelled'] as const;
export type TimeslotStatus = (typeof TIMESLOT_STATUSES)[number];

export const TIMESLOT_SOURCES = ['manual', 'recurrence', 'import'] as const;
export type TimeslotSource = (typeof TIMESLOT_SOURCES)[number];

export const timeslots = defineCollection({
  id: 'pbc_1556589182',
  name: 'timeslots',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('channel', 'channels', { required: true, cascadeDelete: true }),
    relation('show', 'shows', { required: true, cascadeDelete: true }),
    date('start', { required: true }),
    number('durationSec', { required: true, min: 900, max: MAX_DURATION_SEC, onlyInt: true }),
    select('status', TIMESLOT_STATUSES),
    relation('recurrence', 'recurrences'),
    bool('locked'),
    text('bundle', { max: 64 }),
    select('source', TIMESLOT_SOURCES),
    text('note', { max: 2000 }),
    // The recurrence instance this timeslot is (its original local start, YYYY-MM-DDTHH:mm).
    text('occurrence', { max: 16 }),
    // Imported from Cablecast: the run's schedule item id (0 for Airgrid's own), and the run as
    // Cablecast has it, before the 15-minute grid (decision 0030). Such a timeslot is locked:
    // the next sync would undo a local change.
    number('cablecastId', { system: true, min: 0, onlyInt: true }),
    date('sourceStart', { system: true }),
    number('sourceDurationSec', { system: true, min: 0, onlyInt: true }),
  ],
  indexes: [
    { name: 'channel_start', columns: ['channel', 'start'] },
    { name: 'organization', columns: ['organization'] },
    { name: 'organization_start', columns: ['organization', 'start'] },
    { name: 'recurrence_occurrence', columns: ['recurrence', 'occurrence'] },
    { name: 'show', columns: ['show'] },
  ],
});

/** `status` and `source` may be empty on records made through the API without them ('' reads as scheduled). */
export type TimeslotRecord = RecordOf<typeof timeslots>;
