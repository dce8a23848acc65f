import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import { jsonColumn } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';

// What a campaign's airings are read from (airings-service.ts): its placements with the names
// an affidavit prints, and the proof of play for them: Airgrid playout's as-run log, and the
// logs imported from a station's own playout (`asRunImports`, `importedAirings`). Placement
// reads `missedAmong` too: a missed spot counts toward nothing and is made good.

/** A placement of the campaign, with what an affidavit names. */
export interface PlannedSpotRow {
  id: string;
  channel: string;
  channelName: string;
  ad: string;
  adTitle: string;
  programme: string;
  startMs: number;
  durationSec: number;
}

/** An as-run entry proving a placement aired: when it started, to the second. */
export interface ProvenSpotRow {
  placement: string;
  startMs: number;
}

/** A line of an imported log of one of the campaign's spots that proves no placement. */
export interface OffPlanRow extends Omit<PlannedSpotRow, 'id' | 'programme'> {
  line: number;
}

const stringList = (value: unknown): string[] => {
  const list = jsonColumn(value);
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
};

/** Placements are checked against the logs this many at a time (bound parameters). */
const CHUNK = 500;

export class AiringsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The campaign of the station with its spots and channels, or undefined. */
  async campaign(
    organization: string,
    id: string,
  ): Promise<{ id: string; ads: string[]; channels: string[] } | undefined> {
    const row = await this.db
      .selectFrom('campaigns')
      .select(['id', 'ads', 'channels'])
      .where('organization', '=', organization)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, ads: stringList(row.ads), channels: stringList(row.channels) };
  }

  /** The campaign's placements starting in [from, to), in time order. */
  async planned(campaign: string, from: number, to: number): Promise<PlannedSpotRow[]> {
    const rows = await this.db
      .selectFrom('placements as p')
      .leftJoin('channels as c', 'c.id', 'p.channel')
      .leftJoin('ads as a', 'a.id', 'p.ad')
      .leftJoin('shows as s', 's.id', 'p.show')
      .select([
        'p.id as id',
        'p.channel as channel',
        'c.name as channelName',
        'p.ad as ad',
        'a.title as adTitle',
        's.title as programme',
        'p.start as start',
        'p.durationSec as durationSec',
      ])
      .where('p.campaign', '=', campaign)
      .where('p.start', '>=', toRecordDate(from))
      .where('p.start', '<', toRecordDate(to))
      .orderBy('p.start')
      .orderBy('p.channel')
      .execute();
    return rows.flatMap((row) => {
      const startMs = fromRecordDate(row.start);
      if (startMs === null) return [];
      return [
        {
          id: row.id,
          channel: row.channel,
          channelName: row.channelName ?? '',
          ad: row.ad,
          adTitle: row.adTitle ?? '',
          programme: row.programme ?? '',
          startMs,
          durationSec: Number(row.durationSec) || 0,
        },
      ];
    });
  }

  /** The as-run log's spot entries for these placements. */
  async provenByAsRun(placements: readonly string[]): Promise<ProvenSpotRow[]> {
    if (placements.length === 0) return [];
    const rows = await this.db
      .selectFrom('asRun')
      .select(['placement', 'start'])
      .where('kind', '=', 'spot')
      .where('placement', 'in', [...placements])
      .execute();
    return rows.flatMap((row) => {
      const startMs = fromRecordDate(row.start);
      return startMs === null ? [] : [{ placement: row.placement, startMs }];
    });
  }

  /**
   * Of these placements, those whose start the channel's as-run log covers (an entry was
   * airing then): a placement covered but not proven was missed.
   */
  async coveredByAsRun(placements: readonly string[]): Promise<Set<string>> {
    if (placements.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('placements as p')
      .select('p.id')
      .where('p.id', 'in', [...placements])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('asRun as r')
            .select('r.id')
            .whereRef('r.channel', '=', 'p.channel')
            .whereRef('r.start', '<=', 'p.start')
            .whereRef('r.end', '>', 'p.start'),
        ),
      )
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * The imported logs' lines proving these placements (after a newer import replaced an older
   * one's lines in its period, a placement has at most one; the newest wins regardless).
   */
  async provenByImport(placements: readonly string[]): Promise<ProvenSpotRow[]> {
    if (placements.length === 0) return [];
    const rows = await this.db
      .selectFrom('importedAirings')
      .select(['placement', 'start'])
      .where('status', '=', 'aired')
      .where('placement', 'in', [...placements])
      .orderBy('created')
      .orderBy('id')
      .execute();
    return rows.flatMap((row) => {
      const startMs = fromRecordDate(row.start);
      return startMs === null ? [] : [{ placement: row.placement, startMs }];
    });
  }

  /** Of these placements, those whose start an imported log of their channel covers. */
  async coveredByImport(placements: readonly string[]): Promise<Set<string>> {
    if (placements.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('placements as p')
      .select('p.id')
      .where('p.id', 'in', [...placements])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('asRunImports as i')
            .select('i.id')
            .whereRef('i.channel', '=', 'p.channel')
            .whereRef('i.periodStart', '<=', 'p.start')
            .whereRef('i.periodEnd', '>', 'p.start'),
        ),
      )
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Of these placements, those that were missed: a log covers their start (the as-run log of
   * Airgrid playout or an imported one) and none proves them.
   */
  async missedAmong(placements: readonly string[]): Promise<Set<string>> {
    const missed = new Set<string>();
    for (let i = 0; i < placements.length; i += CHUNK) {
      const chunk = placements.slice(i, i + CHUNK);
      const proven = new Set([
        ...(await this.provenByAsRun(chunk)).map((row) => row.placement),
        ...(await this.provenByImport(chunk)).map((row) => row.placement),
      ]);
      const covered = new Set([
        ...(await this.coveredByAsRun(chunk)),
        ...(await this.coveredByImport(chunk)),
      ]);
      for (const id of covered) if (!proven.has(id)) missed.add(id);
    }
    return missed;
  }

  /**
   * The imported lines in [from, to) of these spots on these channels that prove no placement
   * (aired off-plan), in time order.
   */
  async offPlan(
    organization: string,
    ads: readonly string[],
    channels: readonly string[],
    from: number,
    to: number,
  ): Promise<OffPlanRow[]> {
    if (ads.length === 0 || channels.length === 0) return [];
    const rows = await this.db
      .selectFrom('importedAirings as l')
      .leftJoin('channels as c', 'c.id', 'l.channel')
      .leftJoin('ads as a', 'a.id', 'l.ad')
      .select([
        'l.channel as channel',
        'c.name as channelName',
        'l.ad as ad',
        'a.title as adTitle',
        'a.durationSec as adDurationSec',
        'l.start as start',
        'l.durationSec as durationSec',
        'l.line as line',
      ])
      .where('l.organization', '=', organization)
      .where('l.status', '=', 'off-plan')
      .where('l.ad', 'in', [...ads])
      .where('l.channel', 'in', [...channels])
      .where('l.start', '>=', toRecordDate(from))
      .where('l.start', '<', toRecordDate(to))
      .orderBy('l.start')
      .orderBy('l.channel')
      .execute();
    return rows.flatMap((row) => {
      const startMs = fromRecordDate(row.start);
      if (startMs === null) return [];
      return [
        {
          channel: row.channel,
          channelName: row.channelName ?? '',
          ad: row.ad,
          adTitle: row.adTitle ?? '',
          startMs,
          // What the log said, else the spot's own runtime.
          durationSec: Number(row.durationSec) || Number(row.adDurationSec) || 0,
          line: Number(row.line) || 0,
        },
      ];
    });
  }
}
