import { type AiringKind, type AsRunEntry, fromRecordDate, toRecordDate } from '@airgrid/domain';
import { MAX_DURATION_SEC } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { claimRecurringRun } from '../../jobs/recurring-runs-repository.js';

// The as-run log's reads (decision 0045); its writes go through the record engine
// (as-run-recorder.ts), so members' open pages hear of them.

/** A recorded entry, with its record id and what it names. */
export interface AsRunRow extends AsRunEntry {
  id: string;
  show: string;
  title: string;
  timeslot: string;
}

/**
 * What a package aired: its show and the show's title, or its spot (`ad`) and the spot's title
 * (a slate names neither).
 */
export interface PackageShow {
  show: string;
  ad: string;
  title: string;
}

interface Row {
  id: string;
  kind: string;
  package: string;
  show: string;
  title: string;
  timeslot: string;
  placement: string;
  start: string;
  end: string;
  offsetSec: number;
}

const COLUMNS = [
  'id',
  'kind',
  'package',
  'show',
  'title',
  'timeslot',
  'placement',
  'start',
  'end',
  'offsetSec',
] as const;

function toRow(row: Row): AsRunRow {
  const entry: AsRunRow = {
    id: row.id,
    kind: row.kind as AiringKind,
    mediaId: row.package,
    show: row.show,
    title: row.title,
    timeslot: row.timeslot,
    start: fromRecordDate(row.start) ?? 0,
    end: fromRecordDate(row.end) ?? 0,
    offsetSec: Number(row.offsetSec),
  };
  if (row.timeslot) entry.slotId = row.timeslot;
  if (row.placement) entry.spotId = row.placement;
  return entry;
}

export class AsRunRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Claims this minute's recording for one node of the cluster. */
  claimRecording(now: number, everyMs: number): Promise<boolean> {
    return claimRecurringRun(this.db, 'playout-as-run', now, everyMs);
  }

  /** The channel's latest entry. */
  async last(channel: string): Promise<AsRunRow | undefined> {
    const row = await this.db
      .selectFrom('asRun')
      .select([...COLUMNS])
      .where('channel', '=', channel)
      .orderBy('start', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  /** The channel's entries that overlap [from, to) (epoch ms), in order. */
  async between(channel: string, from: number, to: number): Promise<AsRunRow[]> {
    const rows = await this.db
      .selectFrom('asRun')
      .select([...COLUMNS])
      .where('channel', '=', channel)
      .where('start', '<', toRecordDate(to))
      // No entry outlasts a timeslot (the slate's end at midnight): one index range.
      .where('start', '>', toRecordDate(from - MAX_DURATION_SEC * 1000))
      .where('end', '>', toRecordDate(from))
      .orderBy('start')
      .execute();
    return rows.map(toRow);
  }

  /** The shows or spots (and titles) of packages, by package id; a slate's are "". */
  async packageShows(ids: readonly string[]): Promise<Map<string, PackageShow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('playoutPackages')
      .leftJoin('shows', 'shows.id', 'playoutPackages.show')
      .leftJoin('ads', 'ads.id', 'playoutPackages.ad')
      .select([
        'playoutPackages.id as id',
        'playoutPackages.show as show',
        'playoutPackages.ad as ad',
        'shows.title as title',
        'ads.title as adTitle',
      ])
      .where('playoutPackages.id', 'in', [...new Set(ids)])
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          show: row.show,
          ad: String(row.ad ?? ''),
          title: String(row.title ?? row.adTitle ?? ''),
        },
      ]),
    );
  }
}
