import { defineCollection, type RecordOf } from '../collection.js';
import { date, number, relation, select, text } from '../fields.js';

/** What the server does in the background; one handler each (apps/server/src/jobs). */
export const JOB_KINDS = [
  'media-probe',
  'media-transcode',
  'captions-generate',
  'episode-audio',
  'cablecast-sync',
  'submission-probe',
  'submission-media',
  'playout-package',
  'playout-slate',
  'demo-media',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Work the server does in the background for an organization (reading a show's media, later
 * transcodes and captions): members watch its state; only the server writes it.
 */
export const jobs = defineCollection({
  id: 'pbc_2409499253',
  name: 'jobs',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    select('kind', JOB_KINDS, { required: true }),
    // What the job works on, as `collection/id` (e.g. `shows/abc123`).
    text('target', { required: true, max: 64 }),
    select('state', JOB_STATES, { required: true }),
    number('progress', { min: 0, max: 100 }),
    number('attempts', { min: 0, onlyInt: true }),
    // Not before (a retry waits: backoff).
    date('runAfter', { system: true }),
    // The node running it, and until when its claim holds (a node that died loses it).
    text('lockedBy', { system: true, hidden: true, max: 200 }),
    date('lockedUntil', { system: true, hidden: true }),
    text('error', { max: 2000 }),
    date('finished', { system: true }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization', 'created'] },
    { name: 'state_run_after', columns: ['state', 'runAfter'] },
    { name: 'target', columns: ['target'] },
  ],
});

export type JobRecord = RecordOf<typeof jobs>;
