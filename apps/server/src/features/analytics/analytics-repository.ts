import { fromRecordDate, MINUTE_MS, toRecordDate } from '@airgrid/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { jsonColumn } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';
import { claimRecurringRun } from '../../jobs/recurring-runs-repository.js';

// Audience measurement's SQL (decision 0052): the raw events, the rollups, the state of the
// rollups, and the reads of other areas' tables it needs (channels, embeds, the as-run log),
// which it reads here rather than importing their areas.

/** What a beacon's channel must be: public, not archived, of a station that is not archived. */
export interface BeaconChannel {
  organization: string;
  public: boolean;
  archived: boolean;
  /** Airgrid playout ('playout') or not: what aired is the as-run log's to say. */
  source: string;
}

/** What a player widget's beacon is checked against. */
export interface BeaconEmbed {
  organization: string;
  kind: string;
  archived: boolean;
  channels: string[];
  allowedOrigins: string[];
}

/** A raw event as inserted. */
export interface EventRow {
  organization: string;
  channel: string;
  show: string;
  ad: string;
  embed: string;
  origin: string;
  session: string;
  kind: string;
  at: number;
}

/** What aired on a playout channel, from its as-run log. */
export interface AiredEntry {
  start: number;
  end: number;
  kind: string;
  show: string;
  ad: string;
  /** The show of the timeslot a spot aired in (its programme's break), or "". */
  slotShow: string;
}

export type RollupTable = '_analytics_5m' | '_analytics_1h';

/** The attribution columns a report groups by. */
export type KeyColumn = 'channel' | 'show' | 'ad' | 'embed' | 'origin';

/** One group's sums over a window. */
export interface KeyTotals {
  key: string;
  views: number;
  watchSeconds: number;
  peak: number;
}

/** One bucket's sums over the station. */
export interface BucketTotals {
  bucket: number;
  views: number;
  watchSeconds: number;
  peak: number;
}

/** Rows one insert statement carries (9 values each: well under either database's limit). */
const INSERT_CHUNK = 1000;

const lit = (value: number) => sql.lit(Math.trunc(value));

function stringList(value: unknown): string[] {
  const parsed = jsonColumn(value);
  return Array.isArray(parsed)
    ? parsed.filter((item): item is string => typeof item === 'string')
    : [];
}

export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Claims this minute's rollup for one node of the cluster. */
  claimRollup(now: number, everyMs: number): Promise<boolean> {
    return claimRecurringRun(this.db, 'analytics-rollup', now, everyMs);
  }

  /** Claims this count of viewers now for one node of the cluster. */
  claimNow(now: number, everyMs: number): Promise<boolean> {
    return claimRecurringRun(this.db, 'analytics-now', now, everyMs);
  }

  // ── ingest ──────────────────────────────────────────────────────────────────────────────

  async channel(id: string): Promise<BeaconChannel | undefined> {
    const row = await this.db
      .selectFrom('channels as c')
      .innerJoin('organizations as o', 'o.id', 'c.organization')
      .select([
        'c.organization as organization',
        'c.public as public',
        'c.archived as archived',
        'c.source as source',
        'o.archived as organizationArchived',
      ])
      .where('c.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      organization: row.organization,
      public: Boolean(row.public),
      archived: Boolean(row.archived) || Boolean(row.organizationArchived),
      source: row.source,
    };
  }

  async embed(id: string): Promise<BeaconEmbed | undefined> {
    const row = await this.db
      .selectFrom('embeds')
      .select(['organization', 'kind', 'archived', 'channels', 'allowedOrigins'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      organization: row.organization,
      kind: row.kind,
      archived: Boolean(row.archived),
      channels: stringList(row.channels),
      allowedOrigins: stringList(row.allowedOrigins),
    };
  }

  /** Inserts raw events in bulk. */
  async insertEvents(rows: readonly EventRow[]): Promise<void> {
    for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
      await this.db
        .insertInto('_analytics_events')
        .values(rows.slice(at, at + INSERT_CHUNK))
        .execute();
    }
  }

  // ── attribution from the as-run log ─────────────────────────────────────────────────────

  /** The channels aired by Airgrid playout with events in [from, to). */
  async playoutChannelsWithEvents(from: number, to: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('channels')
      .select('id')
      .where('source', '=', 'playout')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('_analytics_events as e')
            .select(sql.lit(1).as('one'))
            .whereRef('e.channel', '=', 'channels.id')
            .where('e.at', '>=', from)
            .where('e.at', '<', to),
        ),
      )
      .execute();
    return rows.map((row) => row.id);
  }

  /** The channel's as-run entries that overlap [from, to), with the show of a spot's timeslot. */
  async airedBetween(channel: string, from: number, to: number): Promise<AiredEntry[]> {
    const rows = await this.db
      .selectFrom('asRun as r')
      .leftJoin('timeslots as t', 't.id', 'r.timeslot')
      .select([
        'r.start as start',
        'r.end as end',
        'r.kind as kind',
        'r.show as show',
        'r.ad as ad',
        't.show as slotShow',
      ])
      .where('r.channel', '=', channel)
      .where('r.start', '<', toRecordDate(to))
      // No entry outlasts a day (the slate's is cut at 00:00 UTC; a programme at most its slot).
      .where('r.start', '>', toRecordDate(from - 2 * 86_400_000))
      .where('r.end', '>', toRecordDate(from))
      .orderBy('r.start')
      .execute();
    return rows.map((row) => ({
      start: fromRecordDate(row.start) ?? 0,
      end: fromRecordDate(row.end) ?? 0,
      kind: row.kind,
      show: row.show,
      ad: row.ad,
      slotShow: String(row.slotShow ?? ''),
    }));
  }

  /** Attributes the channel's events in [from, to) to a show and a spot. */
  async attribute(
    channel: string,
    from: number,
    to: number,
    show: string,
    ad: string,
  ): Promise<void> {
    await this.db
      .updateTable('_analytics_events')
      .set({ show, ad })
      .where('channel', '=', channel)
      .where('at', '>=', from)
      .where('at', '<', to)
      .where((eb) => eb.or([eb('show', '<>', show), eb('ad', '<>', ad)]))
      .execute();
  }

  // ── rollups ─────────────────────────────────────────────────────────────────────────────

  /** Where a rollup stands: the next bucket to roll up, or undefined before its first run. */
  async next(name: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('_analytics_state')
      .select('next')
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? Number(row.next) : undefined;
  }

  async setNext(name: string, next: number): Promise<void> {
    await this.db
      .insertInto('_analytics_state')
      .values({ name, next })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ next }))
      .execute();
  }

  /** The first raw event's instant, or undefined with none. */
  async firstEventAt(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('_analytics_events')
      .select((eb) => eb.fn.min('at').as('first'))
      .executeTakeFirst();
    return row?.first === null || row?.first === undefined ? undefined : Number(row.first);
  }

  /**
   * Rolls up the raw events of the bucket [start, start + sizeMs) into `table`, replacing what
   * it held for that bucket (so a second run writes the same rows): views are starts, watch
   * seconds `beatSec` a beat capped at the bucket's length per session, sessions the distinct
   * ones seen, peak the most distinct sessions with a start or beat in one minute. The SQL
   * twin of packages/domain's `rollUp`.
   */
  async rollUp(table: RollupTable, start: number, sizeMs: number, beatSec: number): Promise<void> {
    const end = start + sizeMs;
    const cap = sizeMs / 1000;
    const target = sql.table(table);
    const groups = sql.raw('organization, channel, show, ad, embed, origin');
    await this.db.transaction().execute(async (trx) => {
      await sql`delete from ${target} where bucket = ${lit(start)}`.execute(trx);
      await sql`
        insert into ${target}
          (bucket, organization, channel, show, ad, embed, origin, views, "watchSeconds", sessions, peak)
        select ${lit(start)}, s.organization, s.channel, s.show, s.ad, s.embed, s.origin,
          sum(s.starts),
          sum(case when s.beats * ${lit(beatSec)} > ${lit(cap)} then ${lit(cap)} else s.beats * ${lit(beatSec)} end),
          count(*),
          coalesce(max(p.peak), 0)
        from (
          select ${groups}, session,
            sum(case when kind = 'start' then 1 else 0 end) as starts,
            sum(case when kind = 'beat' then 1 else 0 end) as beats
          from _analytics_events
          where at >= ${lit(start)} and at < ${lit(end)}
          group by ${groups}, session
        ) s
        left join (
          select ${groups}, max(n) as peak
          from (
            select ${groups}, count(distinct session) as n
            from _analytics_events
            where at >= ${lit(start)} and at < ${lit(end)} and kind <> 'end'
            group by ${groups}, at / ${lit(MINUTE_MS)}
          ) m
          group by ${groups}
        ) p on p.organization = s.organization and p.channel = s.channel and p.show = s.show
          and p.ad = s.ad and p.embed = s.embed and p.origin = s.origin
        group by s.organization, s.channel, s.show, s.ad, s.embed, s.origin`.execute(trx);
    });
  }

  /** Deletes raw events older than the instant. */
  async deleteEventsBefore(at: number): Promise<number> {
    const result = await this.db
      .deleteFrom('_analytics_events')
      .where('at', '<', at)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes rollup rows of buckets that start before the instant. */
  async deleteRollupsBefore(table: RollupTable, bucket: number): Promise<number> {
    const result = await this.db.deleteFrom(table).where('bucket', '<', bucket).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Deletes the rollups of stations that no longer exist (their raw events go with the raw
   * retention): the stations are read from the (organization, bucket) index, then each one gone
   * is deleted by it, so no statement scans a whole table.
   */
  async deleteOrphans(): Promise<number> {
    let deleted = 0;
    for (const table of ['_analytics_5m', '_analytics_1h'] as const) {
      const stations = (
        await this.db.selectFrom(table).select('organization').distinct().execute()
      ).map((row) => row.organization);
      if (stations.length === 0) continue;
      const live = new Set(
        (
          await this.db
            .selectFrom('organizations')
            .select('id')
            .where('id', 'in', stations)
            .execute()
        ).map((row) => row.id),
      );
      for (const organization of stations.filter((id) => !live.has(id))) {
        const result = await this.db
          .deleteFrom(table)
          .where('organization', '=', organization)
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
    }
    return deleted;
  }

  // ── viewers now ─────────────────────────────────────────────────────────────────────────

  /**
   * Distinct sessions per channel with a start or beat since `since` and no end after it, for
   * one station or all.
   */
  async watchingSince(
    since: number,
    organization?: string,
  ): Promise<{ organization: string; channel: string; viewers: number }[]> {
    const station: RawBuilder<unknown> = organization
      ? sql`and organization = ${organization}`
      : sql``;
    const result = await sql<{ organization: string; channel: string; viewers: number | string }>`
      select organization, channel, count(*) as viewers
      from (
        select organization, channel, session,
          max(case when kind = 'end' then 0 else at end) as seen,
          max(case when kind = 'end' then at else 0 end) as ended
        from _analytics_events
        where at >= ${lit(since)} ${station}
        group by organization, channel, session
      ) s
      where seen > ended
      group by organization, channel`.execute(this.db);
    return result.rows.map((row) => ({
      organization: row.organization,
      channel: row.channel,
      viewers: Number(row.viewers),
    }));
  }

  /** The `audienceNow` records: id, channel and viewers. */
  async audienceNow(): Promise<{ id: string; channel: string; viewers: number }[]> {
    const rows = await this.db
      .selectFrom('audienceNow')
      .select(['id', 'channel', 'viewers'])
      .execute();
    return rows.map((row) => ({ ...row, viewers: Number(row.viewers) }));
  }

  /** Which of these channels still exist (a deleted channel's record went with it). */
  async existingChannels(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('channels')
      .select('id')
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  // ── reports ─────────────────────────────────────────────────────────────────────────────

  /** The station's zone, or undefined for no such station. */
  async timeZone(organization: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .select('timeZone')
      .where('id', '=', organization)
      .executeTakeFirst();
    return row?.timeZone;
  }

  /** The station's channels that are not archived, in display order (id and name). */
  async channels(organization: string): Promise<{ id: string; name: string }[]> {
    return this.db
      .selectFrom('channels')
      .select(['id', 'name'])
      .where('organization', '=', organization)
      .where('archived', '=', false)
      .orderBy('sortOrder')
      .orderBy('number')
      .orderBy('name')
      .limit(500)
      .execute();
  }

  /** Sums per bucket over the station's rows in [from, to). */
  async byBucket(
    table: RollupTable,
    organization: string,
    from: number,
    to: number,
  ): Promise<BucketTotals[]> {
    const result = await sql<{
      bucket: number | string;
      views: number | string;
      watch: number | string;
      peak: number | string;
    }>`
      select bucket, sum(views) as views, sum("watchSeconds") as watch, sum(peak) as peak
      from ${sql.table(table)}
      where organization = ${organization} and bucket >= ${lit(from)} and bucket < ${lit(to)}
      group by bucket
      order by bucket`.execute(this.db);
    return result.rows.map((row) => ({
      bucket: Number(row.bucket),
      views: Number(row.views),
      watchSeconds: Number(row.watch),
      peak: Number(row.peak),
    }));
  }

  /**
   * Sums per value of `column` over the station's rows in [from, to), most watched first, at
   * most `limit`: a group's peak is the largest of its buckets' summed peaks.
   */
  async byKey(
    table: RollupTable,
    organization: string,
    column: KeyColumn,
    from: number,
    to: number,
    limit: number,
  ): Promise<KeyTotals[]> {
    const key = sql.ref(column);
    const result = await sql<{
      key: string;
      views: number | string;
      watch: number | string;
      peak: number | string;
    }>`
      select k as key, sum(v) as views, sum(w) as watch, max(p) as peak
      from (
        select ${key} as k, bucket, sum(views) as v, sum("watchSeconds") as w, sum(peak) as p
        from ${sql.table(table)}
        where organization = ${organization} and bucket >= ${lit(from)} and bucket < ${lit(to)}
        group by ${key}, bucket
      ) g
      group by k
      order by watch desc, k
      limit ${lit(limit)}`.execute(this.db);
    return result.rows.map((row) => ({
      key: row.key,
      views: Number(row.views),
      watchSeconds: Number(row.watch),
      peak: Number(row.peak),
    }));
  }

  /** Names to show for the keys of a report, by id (the station's own records only). */
  async labels(organization: string, column: KeyColumn, ids: readonly string[]) {
    const wanted = [...new Set(ids)].filter((id) => id !== '');
    const labels = new Map<string, string>();
    if (wanted.length === 0 || column === 'origin') return labels;
    const rows =
      column === 'channel'
        ? await this.db
            .selectFrom('channels')
            .select(['id', 'name as label'])
            .where('organization', '=', organization)
            .where('id', 'in', wanted)
            .execute()
        : column === 'show'
          ? await this.db
              .selectFrom('shows')
              .select(['id', 'title as label'])
              .where('organization', '=', organization)
              .where('id', 'in', wanted)
              .execute()
          : column === 'ad'
            ? await this.db
                .selectFrom('ads')
                .select(['id', 'title as label'])
                .where('organization', '=', organization)
                .where('id', 'in', wanted)
                .execute()
            : await this.db
                .selectFrom('embeds')
                .select(['id', 'name as label'])
                .where('organization', '=', organization)
                .where('id', 'in', wanted)
                .execute();
    for (const row of rows) labels.set(row.id, row.label);
    return labels;
  }
}
