import { type Airing, fromRecordDate, toRecordDate } from '@airgrid/domain';
import { MAX_DURATION_SEC } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

// What the programme reports read of one organization, in SQL (the schedule's, captions' and
// campaigns' tables: areas never import each other). Every read names the organization. A
// cancelled timeslot is in no guide and aired nowhere: no read counts it ('' reads as
// scheduled).

/** A show as the reports name it. */
export interface ShowFacts {
  id: string;
  title: string;
  status: string;
  hasMedia: boolean;
  created: string;
}

export interface ChannelFacts {
  id: string;
  name: string;
  number: number;
  language: string;
}

export interface CampaignFacts {
  id: string;
  name: string;
  sponsorName: string;
  status: string;
  flightStart: string;
  flightEnd: string;
  delivery: unknown;
}

/** Epoch ms of a record date, or null for an empty one. */
const instantOf = (value: string | null | undefined) =>
  value ? fromRecordDate(String(value)) : null;

export class ProgrammeReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async timeZoneOf(organization: string): Promise<string> {
    const row = await this.db
      .selectFrom('organizations')
      .select('timeZone')
      .where('id', '=', organization)
      .executeTakeFirst();
    return row?.timeZone || 'UTC';
  }

  /**
   * The scheduled airings that meet [from, to): those starting in it, and those starting up to
   * the longest a timeslot lasts before it (their end may reach into it; the sums clip them).
   */
  async airings(organization: string, from: number, to: number): Promise<Airing[]> {
    const rows = await this.db
      .selectFrom('timeslots')
      .select(['channel', 'show', 'start', 'durationSec'])
      .where('organization', '=', organization)
      .where('status', '<>', 'cancelled')
      .where('start', '>=', toRecordDate(from - MAX_DURATION_SEC * 1000))
      .where('start', '<', toRecordDate(to))
      .execute();
    return rows.flatMap((row) => {
      const start = instantOf(row.start);
      return start === null
        ? []
        : [{ channel: row.channel, show: row.show, start, durationSec: Number(row.durationSec) }];
    });
  }

  /** Each show's latest scheduled airing that starts before `before`, by show id. */
  async lastAiringBefore(organization: string, before: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('timeslots')
      .select((eb) => ['show', eb.fn.max('start').as('at')])
      .where('organization', '=', organization)
      .where('status', '<>', 'cancelled')
      .where('start', '<', toRecordDate(before))
      .groupBy('show')
      .execute();
    return byShow(rows);
  }

  /** Each show's first scheduled airing that starts at or after `from`, by show id. */
  async nextAiringFrom(organization: string, from: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('timeslots')
      .select((eb) => ['show', eb.fn.min('start').as('at')])
      .where('organization', '=', organization)
      .where('status', '<>', 'cancelled')
      .where('start', '>=', toRecordDate(from))
      .groupBy('show')
      .execute();
    return byShow(rows);
  }

  /** The organization's shows, by id. */
  async shows(organization: string): Promise<Map<string, ShowFacts>> {
    const rows = await this.db
      .selectFrom('shows')
      .select(['id', 'title', 'status', 'media', 'created'])
      .where('organization', '=', organization)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          title: row.title,
          status: row.status,
          hasMedia: row.media !== '',
          created: row.created,
        },
      ]),
    );
  }

  /** The organization's channels in display order. */
  async channels(organization: string): Promise<ChannelFacts[]> {
    const rows = await this.db
      .selectFrom('channels')
      .select(['id', 'name', 'number', 'language'])
      .where('organization', '=', organization)
      .orderBy('number')
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      number: Number(row.number),
      language: String(row.language ?? ''),
    }));
  }

  /** The shows' complete caption tracks (captions or subtitles; descriptions are another service). */
  async completeTracks(organization: string): Promise<{ show: string; language: string }[]> {
    return this.db
      .selectFrom('captions')
      .select(['show', 'language'])
      .where('organization', '=', organization)
      .where('status', '=', 'complete')
      .where('kind', 'in', ['captions', 'subtitles'])
      .execute();
  }

  /** The campaigns that were booked at some time (booked, paused or ended), with their sponsor. */
  async bookedCampaigns(organization: string): Promise<CampaignFacts[]> {
    const rows = await this.db
      .selectFrom('campaigns as c')
      .leftJoin('sponsors as s', 's.id', 'c.sponsor')
      .select([
        'c.id as id',
        'c.name as name',
        's.name as sponsorName',
        'c.status as status',
        'c.flightStart as flightStart',
        'c.flightEnd as flightEnd',
        'c.delivery as delivery',
      ])
      .where('c.organization', '=', organization)
      .where('c.status', 'in', ['booked', 'paused', 'ended'])
      .orderBy('c.flightStart')
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
    return rows.map((row) => ({ ...row, sponsorName: row.sponsorName ?? '' }));
  }

  /** How many placements each campaign has starting in [from, to), by campaign id. */
  async placementCounts(
    organization: string,
    from: number,
    to: number,
  ): Promise<Map<string, number>> {
    if (to <= from) return new Map();
    const rows = await this.db
      .selectFrom('placements')
      .select((eb) => ['campaign', eb.fn.countAll<number | string>().as('count')])
      .where('organization', '=', organization)
      .where('start', '>=', toRecordDate(from))
      .where('start', '<', toRecordDate(to))
      .groupBy('campaign')
      .execute();
    return new Map(rows.map((row) => [row.campaign, Number(row.count)]));
  }
}

function byShow(rows: readonly { show: string; at: unknown }[]): Map<string, number> {
  const found = new Map<string, number>();
  for (const row of rows) {
    const at = instantOf(row.at as string | null);
    if (at !== null) found.set(row.show, at);
  }
  return found;
}
