import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import { adminsOf } from '../../collections/memberships-repository.js';
import { jsonColumn } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';

// The Cablecast sync's SQL: what it already imported (shows by their Cablecast id, timeslots
// by their run's), the channels it may write to, and the schedule's claim, which only one node
// wins on either database.

/** A show the sync imported before: its Cablecast id and `lastModified` as last imported. */
export interface ImportedShowRow {
  id: string;
  cablecastId: string;
  cablecastModified: string;
  /** Every external id the show carries (the sync keeps the others when it updates). */
  externalIds: Record<string, unknown>;
  /** Its thumbnail's file name ('' when none). */
  thumbnail: string;
}

/** A timeslot the sync imported before, as it stands. */
export interface ImportedTimeslotRow {
  id: string;
  cablecastId: number;
  channel: string;
  show: string;
  start: string;
  durationSec: number;
  status: string;
  locked: boolean;
  sourceStart: string;
  sourceDurationSec: number;
}

export interface SyncChannelRow {
  id: string;
  name: string;
  slug: string;
  number: number;
  timeZone: string;
}

/** A connection whose scheduled sync is due. */
export interface DueConnection {
  id: string;
  organization: string;
  syncEveryMinutes: number;
  nextSyncAt: string;
}

export class CablecastSyncRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The organization's shows that carry a Cablecast id, by that id. */
  async importedShows(organization: string): Promise<Map<string, ImportedShowRow>> {
    const rows = await this.db
      .selectFrom('shows')
      .select(['id', 'externalIds', 'thumbnail'])
      .where('organization', '=', organization)
      .execute();
    const shows = new Map<string, ImportedShowRow>();
    for (const row of rows) {
      const ids = readJsonObject(row.externalIds);
      const cablecastId = typeof ids.cablecast === 'string' ? ids.cablecast : '';
      if (cablecastId === '') continue;
      shows.set(cablecastId, {
        id: row.id,
        cablecastId,
        cablecastModified: typeof ids.cablecastModified === 'string' ? ids.cablecastModified : '',
        externalIds: ids,
        thumbnail: String(row.thumbnail ?? ''),
      });
    }
    return shows;
  }

  /**
   * The organization's imported timeslots that the sync may still change: every one whose
   * Cablecast run starts at or after `since` (older ones are history the window no longer
   * reaches).
   */
  async importedTimeslots(organization: string, since: number): Promise<ImportedTimeslotRow[]> {
    const rows = await this.db
      .selectFrom('timeslots')
      .select([
        'id',
        'cablecastId',
        'channel',
        'show',
        'start',
        'durationSec',
        'status',
        'locked',
        'sourceStart',
        'sourceDurationSec',
      ])
      .where('organization', '=', organization)
      .where('cablecastId', '>', 0)
      .where('sourceStart', '>=', toRecordDate(since))
      .execute();
    return rows.map((row) => ({
      ...row,
      cablecastId: Number(row.cablecastId),
      durationSec: Number(row.durationSec),
      sourceDurationSec: Number(row.sourceDurationSec),
      locked: row.locked === true || row.locked === 1,
    }));
  }

  /** The organization's channels, for the channel map and the zones runs are read in. */
  async channels(organization: string): Promise<SyncChannelRow[]> {
    return this.db
      .selectFrom('channels')
      .select(['id', 'name', 'slug', 'number', 'timeZone'])
      .where('organization', '=', organization)
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, number: Number(row.number) })));
  }

  /** The organization's owners and admins: they hear of a sync that started failing. */
  admins(organization: string): Promise<string[]> {
    return adminsOf(this.db, organization);
  }

  /** Connections whose scheduled sync is due at `now`. */
  async dueConnections(now: number): Promise<DueConnection[]> {
    return this.db
      .selectFrom('cablecastConnections')
      .select(['id', 'organization', 'syncEveryMinutes', 'nextSyncAt'])
      .where('syncEveryMinutes', '>', 0)
      .where('nextSyncAt', '!=', '')
      .where('nextSyncAt', '<=', toRecordDate(now))
      .execute();
  }

  /**
   * Moves a due connection's next sync on, if it is still `from`: true for the one node whose
   * update wins, which then queues the run.
   */
  async claimDue(id: string, from: string, next: number): Promise<boolean> {
    const result = await this.db
      .updateTable('cablecastConnections')
      .set({ nextSyncAt: toRecordDate(next) })
      .where('id', '=', id)
      .where('nextSyncAt', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

function readJsonObject(value: unknown): Record<string, unknown> {
  const parsed = jsonColumn(value);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}
