import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

// What a campaign's airings are read from (airings-service.ts): its placements with the names
// an affidavit prints, and the proof the as-run log holds for them.

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

export class AiringsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The campaign of the station, or undefined. */
  async campaign(organization: string, id: string): Promise<{ id: string } | undefined> {
    return this.db
      .selectFrom('campaigns')
      .select(['id'])
      .where('organization', '=', organization)
      .where('id', '=', id)
      .executeTakeFirst();
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
}
