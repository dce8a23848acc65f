import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';
import { newRecordId } from '../../records/record-id.js';

// The SQL of an as-run import (as-run-import-service.ts): the channel, the station's spots a
// line may name, the placements of the period, and the write of the import with its lines.

/** A placement of the channel, as reconciliation and the answer read it. */
export interface ChannelPlacementRow {
  id: string;
  ad: string;
  adTitle: string;
  campaign: string;
  campaignName: string;
  startMs: number;
  durationSec: number;
}

/** A line of the import to store: a placement proven, or a spot aired off-plan. */
export interface ImportedLine {
  ad: string;
  placement: string;
  startMs: number;
  durationSec: number;
  line: number;
  status: 'aired' | 'off-plan';
}

/** Rows written at a time (PostgreSQL allows 65,535 parameters a statement). */
const CHUNK = 500;

export class AsRunImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The station's channel with its zone and what airs it, or undefined. */
  async channel(
    organization: string,
    id: string,
  ): Promise<{ id: string; timeZone: string; source: string } | undefined> {
    return this.db
      .selectFrom('channels')
      .select(['id', 'timeZone', 'source'])
      .where('organization', '=', organization)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Every spot of the station: what a line may name, by id or title. */
  async ads(organization: string): Promise<{ id: string; title: string }[]> {
    return this.db
      .selectFrom('ads')
      .select(['id', 'title'])
      .where('organization', '=', organization)
      .orderBy('id')
      .execute();
  }

  /** The channel's placements starting in [from, to), in time order. */
  async placementsOn(channel: string, from: number, to: number): Promise<ChannelPlacementRow[]> {
    const rows = await this.db
      .selectFrom('placements as p')
      .leftJoin('campaigns as c', 'c.id', 'p.campaign')
      .leftJoin('ads as a', 'a.id', 'p.ad')
      .select([
        'p.id as id',
        'p.ad as ad',
        'a.title as adTitle',
        'p.campaign as campaign',
        'c.name as campaignName',
        'p.start as start',
        'p.durationSec as durationSec',
      ])
      .where('p.channel', '=', channel)
      .where('p.start', '>=', toRecordDate(from))
      .where('p.start', '<', toRecordDate(to))
      .orderBy('p.start')
      .orderBy('p.id')
      .execute();
    return rows.flatMap((row) => {
      const startMs = fromRecordDate(row.start);
      if (startMs === null) return [];
      return [
        {
          id: row.id,
          ad: row.ad,
          adTitle: row.adTitle ?? '',
          campaign: row.campaign,
          campaignName: row.campaignName ?? '',
          startMs,
          durationSec: Number(row.durationSec) || 0,
        },
      ];
    });
  }

  /**
   * Stores the import and its lines in one transaction. What older imports of the channel said
   * within its period goes first: their lines starting in it, and their lines proving a
   * placement that starts in it (a newer import replaces an older one there; decision 0051).
   * The older imports' records and counts stay as they were on import.
   */
  async write(
    organization: string,
    record: {
      channel: string;
      fileName: string;
      fromMs: number;
      toMs: number;
      aired: number;
      missed: number;
      offPlan: number;
      skipped: number;
      importedBy: string;
    },
    lines: readonly ImportedLine[],
    now: number,
  ): Promise<string> {
    const at = toRecordDate(now);
    const id = newRecordId();
    const from = toRecordDate(record.fromMs);
    const to = toRecordDate(record.toMs);
    await this.db.transaction().execute(async (trx) => {
      // Two imports of one station take turns on PostgreSQL (SQLite's writers always do).
      if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') {
        await trx
          .selectFrom('organizations')
          .select('id')
          .where('id', '=', organization)
          .forUpdate()
          .executeTakeFirst();
      }
      await trx
        .deleteFrom('importedAirings')
        .where('organization', '=', organization)
        .where('channel', '=', record.channel)
        .where((eb) =>
          eb.or([
            eb.and([eb('start', '>=', from), eb('start', '<', to)]),
            eb(
              'placement',
              'in',
              eb
                .selectFrom('placements')
                .select('id')
                .where('channel', '=', record.channel)
                .where('start', '>=', from)
                .where('start', '<', to),
            ),
          ]),
        )
        .execute();
      await trx
        .insertInto('asRunImports')
        .values({
          id,
          created: at,
          updated: at,
          organization,
          channel: record.channel,
          fileName: record.fileName,
          periodStart: from,
          periodEnd: to,
          aired: record.aired,
          missed: record.missed,
          offPlan: record.offPlan,
          skipped: record.skipped,
          importedBy: record.importedBy,
        })
        .execute();
      for (let index = 0; index < lines.length; index += CHUNK) {
        await trx
          .insertInto('importedAirings')
          .values(
            lines.slice(index, index + CHUNK).map((line) => ({
              id: newRecordId(),
              created: at,
              updated: at,
              organization,
              asRunImport: id,
              channel: record.channel,
              ad: line.ad,
              placement: line.placement,
              start: toRecordDate(line.startMs),
              durationSec: line.durationSec,
              line: line.line,
              status: line.status,
            })),
          )
          .execute();
      }
    });
    return id;
  }
}
