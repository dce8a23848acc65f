import {
  type Campaign,
  fromRecordDate,
  type InventoryShow,
  type InventoryTimeslot,
  type Placement,
  toRecordDate,
} from '@airgrid/domain';
import type { CampaignDeliverySummary } from '@airgrid/schema';
import { MAX_DURATION_SEC } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import { dialectOf, jsonColumn } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';
import { newRecordId } from '../../records/record-id.js';

// The placement's SQL: what placeSpots needs of one station (its campaigns, their spots, the
// channels' schedules with the shows' runtimes and break points, the placements it made
// before) and the write of a new placement, one transaction per station.

/** A channel as placement reads it: its zone, and its source ('playout': Airgrid airs it). */
export interface PlacementChannel {
  id: string;
  timeZone: string;
  source: string;
}

/** A campaign as stored, before its days become instants (placement-service.ts). */
export interface StoredCampaign {
  id: string;
  sponsor: string;
  competitiveCategory: string;
  status: Campaign['status'];
  flightStart: string;
  flightEnd: string;
  channels: string[];
  dayparts: unknown;
  goalPer: Campaign['goal']['per'];
  goalSpots: number;
  capPerHour: number;
  capPerProgramme: number;
  sponsorSeparationMin: number;
  categorySeparationMin: number;
  priority: number;
  ads: string[];
  weights: Record<string, unknown>;
  /** The delivery stored by the last placement. */
  delivery: unknown;
}

/** A spot of a rotation as stored. */
export interface StoredAd {
  id: string;
  durationSec: number;
  validFrom: string;
  validTo: string;
  /** Whether it may air: active, with its media read. */
  airable: boolean;
}

/** A placement as stored: the engine's, with its record id and the programme around it. */
export interface StoredPlacement extends Placement {
  id: string;
}

/** A placed spot as the timeline shows it. */
export interface PlacedSpotRow {
  id: string;
  breakId: string;
  campaign: string;
  campaignName: string;
  ad: string;
  adTitle: string;
  sponsorName: string;
  start: string;
  offsetSec: number;
  durationSec: number;
}

/** A scheduled programme as the daily log lists it. */
export interface ProgrammeRow {
  id: string;
  start: string;
  durationSec: number;
  title: string;
  cablecastShowId: string;
}

/** A new placement to store, with the programme around it. */
export interface NewPlacement extends Placement {
  breakKind: string;
  timeslot: string;
  show: string;
}

const stringList = (value: unknown): string[] => {
  const list = jsonColumn(value);
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
};

/** Rows written at a time (PostgreSQL allows 65,535 parameters a statement). */
const CHUNK = 500;

export class PlacementRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The station's zone (flight days are its calendar days), or null for no such station. */
  async stationZone(organization: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('organizations')
      .select('timeZone')
      .where('id', '=', organization)
      .executeTakeFirst();
    return row ? row.timeZone || 'UTC' : null;
  }

  /** Campaigns that place or have placed: booked, paused and ended (drafts have none). */
  async campaigns(organization: string): Promise<StoredCampaign[]> {
    const rows = await this.db
      .selectFrom('campaigns')
      .selectAll()
      .where('organization', '=', organization)
      .where('status', 'in', ['booked', 'paused', 'ended'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      sponsor: row.sponsor,
      competitiveCategory: row.competitiveCategory,
      status: row.status as Campaign['status'],
      flightStart: row.flightStart,
      flightEnd: row.flightEnd,
      channels: stringList(row.channels),
      dayparts: jsonColumn(row.dayparts),
      goalPer: (row.goalPer || 'week') as Campaign['goal']['per'],
      goalSpots: Number(row.goalSpots) || 0,
      capPerHour: Number(row.capPerHour) || 0,
      capPerProgramme: Number(row.capPerProgramme) || 0,
      sponsorSeparationMin: Number(row.sponsorSeparationMin) || 0,
      categorySeparationMin: Number(row.categorySeparationMin) || 0,
      priority: Number(row.priority) || 5,
      ads: stringList(row.ads),
      weights: (jsonColumn(row.weights) as Record<string, unknown> | null) ?? {},
      delivery: jsonColumn(row.delivery),
    }));
  }

  async ads(organization: string, ids: readonly string[]): Promise<StoredAd[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('ads')
      .select(['id', 'durationSec', 'validFrom', 'validTo', 'status', 'media'])
      .where('organization', '=', organization)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((row) => ({
      id: row.id,
      durationSec: Number(row.durationSec) || 0,
      validFrom: row.validFrom,
      validTo: row.validTo,
      airable: row.status === 'active' && Boolean(row.media) && Number(row.durationSec) > 0,
    }));
  }

  /** The station's channels among `ids`, with their zones and sources. */
  async channels(organization: string, ids: readonly string[]): Promise<PlacementChannel[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('channels')
      .select(['id', 'timeZone', 'source'])
      .where('organization', '=', organization)
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
  }

  /** The channel's timeslots that may hold breaks starting in [from, to). */
  async timeslots(channel: string, from: number, to: number): Promise<InventoryTimeslot[]> {
    const rows = await this.db
      .selectFrom('timeslots')
      .select(['id', 'show', 'start', 'durationSec', 'status'])
      .where('channel', '=', channel)
      .where('start', '>=', toRecordDate(from - MAX_DURATION_SEC * 1000))
      .where('start', '<', toRecordDate(to + 15 * 60_000))
      .execute();
    return rows.flatMap((row) => {
      const startMs = fromRecordDate(row.start);
      return startMs === null
        ? []
        : [
            {
              id: row.id,
              showId: row.show,
              startMs,
              durationSec: Number(row.durationSec) || 0,
              status: row.status === 'cancelled' ? ('cancelled' as const) : ('scheduled' as const),
            },
          ];
    });
  }

  /** What the inventory needs of the shows: their runtimes and break points. */
  async shows(ids: readonly string[]): Promise<InventoryShow[]> {
    const shows: InventoryShow[] = [];
    for (let index = 0; index < ids.length; index += CHUNK) {
      const rows = await this.db
        .selectFrom('shows')
        .select(['id', 'mediaInfo', 'breakPoints'])
        .where('id', 'in', ids.slice(index, index + CHUNK))
        .execute();
      for (const row of rows) {
        const info = jsonColumn(row.mediaInfo) as { durationSec?: unknown } | null;
        const runtime = typeof info?.durationSec === 'number' ? info.durationSec : null;
        const points = jsonColumn(row.breakPoints);
        shows.push({
          id: row.id,
          runtimeSec: runtime && runtime > 0 ? runtime : null,
          breakPoints: Array.isArray(points)
            ? points
                .filter((at): at is number => typeof at === 'number')
                .map((atSec) => ({ atSec }))
            : [],
        });
      }
    }
    return shows;
  }

  /** A channel of the station, with its zone; undefined for another station's or none. */
  async channel(organization: string, id: string): Promise<PlacementChannel | undefined> {
    return this.db
      .selectFrom('channels')
      .select(['id', 'timeZone', 'source'])
      .where('organization', '=', organization)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The spots placed on a channel starting in [from, to), with what the timeline names. */
  async placedOn(channel: string, from: number, to: number): Promise<PlacedSpotRow[]> {
    const rows = await this.db
      .selectFrom('placements as p')
      .innerJoin('campaigns as c', 'c.id', 'p.campaign')
      .leftJoin('ads as a', 'a.id', 'p.ad')
      .leftJoin('sponsors as s', 's.id', 'c.sponsor')
      .select([
        'p.id as id',
        'p.breakId as breakId',
        'p.campaign as campaign',
        'c.name as campaignName',
        'p.ad as ad',
        'a.title as adTitle',
        's.name as sponsorName',
        'p.start as start',
        'p.offsetSec as offsetSec',
        'p.durationSec as durationSec',
      ])
      .where('p.channel', '=', channel)
      .where('p.start', '>=', toRecordDate(from))
      .where('p.start', '<', toRecordDate(to))
      .orderBy('p.start')
      .execute();
    return rows.map((row) => ({
      ...row,
      adTitle: row.adTitle ?? '',
      sponsorName: row.sponsorName ?? '',
      offsetSec: Number(row.offsetSec) || 0,
      durationSec: Number(row.durationSec) || 0,
    }));
  }

  /** The channel's scheduled programmes starting in [from, to), with their shows. */
  async programmesOn(channel: string, from: number, to: number): Promise<ProgrammeRow[]> {
    const rows = await this.db
      .selectFrom('timeslots as t')
      .innerJoin('shows as s', 's.id', 't.show')
      .select([
        't.id as id',
        't.start as start',
        't.durationSec as durationSec',
        's.title as title',
        's.externalIds as externalIds',
      ])
      .where('t.channel', '=', channel)
      .where('t.status', '!=', 'cancelled')
      .where('t.start', '>=', toRecordDate(from))
      .where('t.start', '<', toRecordDate(to))
      .orderBy('t.start')
      .execute();
    return rows.map((row) => {
      const ids = jsonColumn(row.externalIds) as Record<string, unknown> | null;
      const cablecast = ids?.cablecast;
      return {
        id: row.id,
        start: row.start,
        durationSec: Number(row.durationSec) || 0,
        title: row.title,
        cablecastShowId:
          typeof cablecast === 'string' || typeof cablecast === 'number' ? String(cablecast) : '',
      };
    });
  }

  /** The station's placements from `from` on. */
  async placements(organization: string, from: number): Promise<StoredPlacement[]> {
    const rows = await this.db
      .selectFrom('placements')
      .select(['id', 'breakId', 'channel', 'campaign', 'ad', 'start', 'offsetSec', 'durationSec'])
      .where('organization', '=', organization)
      .where('start', '>=', toRecordDate(from))
      .execute();
    return rows.flatMap((row) => {
      const startMs = fromRecordDate(row.start);
      return startMs === null
        ? []
        : [
            {
              id: row.id,
              breakId: row.breakId,
              channel: row.channel,
              campaign: row.campaign,
              ad: row.ad,
              startMs,
              offsetSec: Number(row.offsetSec) || 0,
              durationSec: Number(row.durationSec) || 0,
            },
          ];
    });
  }

  /**
   * Replaces what changed, in one transaction: deletes `gone`, inserts `added`, and stores each
   * campaign's delivery. The station's row is locked first on PostgreSQL, so two nodes placing
   * one station at once take turns (SQLite's writers always do).
   */
  async write(
    organization: string,
    change: {
      gone: readonly string[];
      added: readonly NewPlacement[];
      delivery: ReadonlyMap<string, CampaignDeliverySummary>;
    },
    now: number,
  ): Promise<void> {
    const at = toRecordDate(now);
    await this.db.transaction().execute(async (trx) => {
      if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') {
        await trx
          .selectFrom('organizations')
          .select('id')
          .where('id', '=', organization)
          .forUpdate()
          .executeTakeFirst();
      }
      for (let index = 0; index < change.gone.length; index += CHUNK) {
        await trx
          .deleteFrom('placements')
          .where('organization', '=', organization)
          .where('id', 'in', change.gone.slice(index, index + CHUNK))
          .execute();
      }
      for (let index = 0; index < change.added.length; index += CHUNK) {
        await trx
          .insertInto('placements')
          .values(
            change.added.slice(index, index + CHUNK).map((placement) => ({
              id: newRecordId(),
              created: at,
              updated: at,
              organization,
              campaign: placement.campaign,
              ad: placement.ad,
              channel: placement.channel,
              breakId: placement.breakId,
              breakKind: placement.breakKind,
              timeslot: placement.timeslot,
              show: placement.show,
              start: toRecordDate(Math.round(placement.startMs)),
              offsetSec: placement.offsetSec,
              durationSec: placement.durationSec,
            })),
          )
          .execute();
      }
      for (const [campaign, delivery] of change.delivery) {
        await trx
          .updateTable('campaigns')
          .set({ delivery: JSON.stringify(delivery), updated: at })
          .where('id', '=', campaign)
          .where('organization', '=', organization)
          .execute();
      }
    });
  }
}
