import { defineCollection, type RecordOf } from '../collection.js';
import { date, json, relation, select, text } from '../fields.js';

/** How often the sync may run by itself, in minutes (0: only "Sync now"). */
export const CABLECAST_SYNC_INTERVALS = [0, 15, 30, 60, 180, 360, 1440] as const;
export const CABLECAST_SYNC_TRIGGERS = ['manual', 'schedule'] as const;
export type CablecastSyncTrigger = (typeof CABLECAST_SYNC_TRIGGERS)[number];
export const CABLECAST_SYNC_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type CablecastSyncState = (typeof CABLECAST_SYNC_STATES)[number];
/** The skipped runs and shows a sync's record lists at most (the counts hold them all). */
export const CABLECAST_SYNC_REPORT_LIMIT = 500;

export interface CablecastSyncCounts {
  showsCreated: number;
  showsUpdated: number;
  timeslotsCreated: number;
  timeslotsUpdated: number;
  timeslotsRemoved: number;
  skipped: number;
  /** Show thumbnails fetched from Cablecast (after the schedule was written). */
  thumbnails?: number;
}

/**
 * One run of the Cablecast sync (issue 19, item 2): queued by "Sync now" or the schedule, run
 * as a `cablecast-sync` job on one node; what it created, updated, removed and skipped (with
 * reasons), or why it failed. Owners and admins read them; the server writes them.
 */
export const cablecastSyncs = defineCollection({
  id: 'pbc_3832389829',
  name: 'cablecastSyncs',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    select('trigger', CABLECAST_SYNC_TRIGGERS, { required: true }),
    select('state', CABLECAST_SYNC_STATES, { required: true }),
    relation('requestedBy', 'users', { system: true }),
    date('started', { system: true }),
    date('finished', { system: true }),
    // { showsCreated, showsUpdated, timeslotsCreated, timeslotsUpdated, timeslotsRemoved, skipped }
    json('counts', { system: true }),
    // [{ externalId, reason }]: the runs and shows left out, at most CABLECAST_SYNC_REPORT_LIMIT.
    json('skipped', { system: true }),
    // Why the run failed ("" when it did not); nothing was written then.
    text('error', { system: true, max: 2000 }),
  ],
  indexes: [{ name: 'organization', columns: ['organization', 'created'] }],
});

/** One run of the Cablecast sync, as owners and admins read it. */
export type CablecastSyncRecord = RecordOf<
  typeof cablecastSyncs,
  {
    /** {} until the run finished well. */
    counts: CablecastSyncCounts | Record<string, never>;
    skipped: { externalId: string; reason: string }[];
  }
>;
