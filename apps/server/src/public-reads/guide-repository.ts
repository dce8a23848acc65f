import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import {
  accentColorOf,
  type GuideChannel,
  type GuideShow,
  type GuideTimeslot,
} from '@airgrid/schema';
import { type Kysely, type QueryCreator, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/column-types.js';
import type { Database } from '../db/tables.js';

/** The organization a guide belongs to. */
export interface GuideOrganization {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
  /** File name of the logo, "" when none. */
  logo: string;
  /** The branding's accent colour ("#rrggbb"), "" when none. */
  accentColor: string;
  archived: boolean;
}

/** A public channel as the feeds describe it: the guide's fields plus where to watch it. */
export interface FeedChannel extends GuideChannel {
  /** "" when the channel has no stream. */
  streamUrl: string;
  /** Where viewers' picture comes from (CHANNEL_SOURCES; "" is the stream URL). */
  source: string;
  description: string;
}

/**
 * What a window's output is made of, summarized cheaply: the latest `updated` and the row counts
 * of the organization's channels and shows and of the timeslots the window reads. Any create or
 * update raises `updated`; a delete lowers a count; so a changed fingerprint means a changed feed.
 */
export interface GuideFingerprint {
  /**
   * Latest record date among the organization, its channels, its shows and the window's
   * timeslots, or of the organization's last deletion of any of them.
   */
  updated: string;
  channels: number;
  shows: number;
  /** Timeslots the window reads, cancelled ones included; 0 without a window. */
  timeslots: number;
}

/** Where a paged read of one channel's window stopped: the last timeslot it gave. */
interface WindowCursor {
  start: string;
  id: string;
}

/** Rows one page of {@link GuideRepository.stream} reads. */
export const STREAM_PAGE_SIZE = 2000;

const CANCELLED = 'cancelled';

/** The guide's reads: the organization, its channels, and the timeslots of one window. */
export class GuideRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** The organization with this id or slug (ids and slugs never collide: slugs have dashes or differ in length). */
  async findOrganization(idOrSlug: string): Promise<GuideOrganization | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .select(['id', 'slug', 'name', 'timeZone', 'logo', 'branding', 'archived'])
      .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
      .orderBy('id')
      .executeTakeFirst();
    if (!row) return undefined;
    const { branding, ...rest } = row;
    return { ...rest, accentColor: accentColorOf(branding), archived: Boolean(row.archived) };
  }

  /**
   * The organization's channels that are not archived, in display order (sortOrder, number,
   * name); only public ones for `publicOnly`, only the named ones when `ids` is given.
   */
  async channels(
    organization: string,
    options: { publicOnly: boolean; ids: readonly string[] | null },
  ): Promise<GuideChannel[]> {
    const rows = await this.channelQuery(organization, options).execute();
    return rows.map((row) => ({ ...row, public: Boolean(row.public) }));
  }

  /**
   * The organization's public channels that are not archived, in the guide's display order, with
   * the fields the feeds add (stream URL, description): the same query as {@link channels}.
   */
  async feedChannels(organization: string): Promise<FeedChannel[]> {
    const rows = await this.channelQuery(organization, { publicOnly: true, ids: null })
      .select(['streamUrl', 'source', 'description'])
      .execute();
    return rows.map((row) => ({ ...row, public: Boolean(row.public) }));
  }

  /**
   * Every scheduled timeslot on the channels that overlaps [from, to), with its show, ordered by
   * channel id and start: two statements, the timeslots and then their shows.
   *
   * A timeslot that started before `from` and is still running belongs in the window. Scheduled
   * timeslots of a channel never overlap (the timeslots collection refuses it), so only the last
   * one starting before `from` can be; `bounds` finds it per channel with one step down the
   * (channel, start) index, and the window is then one index range per channel from there to
   * `to`. Reading stays proportional to the window, not to the channel's history.
   *
   * The shows are read once each rather than joined onto every timeslot: a day of 50 channels is
   * about 2,200 timeslots but a few dozen shows, and on PostgreSQL the driver's parsing of the
   * joined columns was most of the time (bench/schedule guide-window).
   */
  async window(channels: readonly string[], from: number, to: number): Promise<GuideTimeslot[]> {
    if (channels.length === 0) return [];
    const rows = await this.windowQuery(channels, from, to, null).execute();
    const shows = new Map<string, GuideShow | null>();
    await this.loadShows(rows, shows);
    const timeslots: GuideTimeslot[] = [];
    for (const row of rows) {
      const show = shows.get(row.showId);
      const timeslot = show && toTimeslot(row, show, from);
      if (timeslot) timeslots.push(timeslot);
    }
    return timeslots;
  }

  /**
   * The same timeslots as {@link window}, in the same order, read a page at a time so a feed of
   * any size holds one page in memory.
   *
   * Pages are the statement `window` runs, for one channel at a time (in `window`'s order, by
   * channel id), continuing after the last row of the previous page (keyset paging on start and
   * id). One channel at a time because each page sorts what the statement matches from the
   * cursor on: over every channel that would be most of the window again for every page. Each
   * show is read once per stream ({@link loadShows}) instead of joined onto every row, and the
   * next page is asked for while the consumer works through the current one.
   *
   * No connection is held between pages: a client reading slowly never keeps SQLite's single
   * connection (which every other request of the process waits for) or a PostgreSQL pool
   * connection. Pages are separate snapshots: a write between two pages shows in the later page
   * only.
   */
  async *stream(
    channels: readonly string[],
    from: number,
    to: number,
    pageSize = STREAM_PAGE_SIZE,
  ): AsyncGenerator<GuideTimeslot> {
    const shows = new Map<string, GuideShow | null>();
    const order = [...new Set(channels)].sort();
    const read = async (channel: string, after: WindowCursor | null) => {
      const rows = await this.windowQuery([channel], from, to, after).limit(pageSize).execute();
      await this.loadShows(rows, shows);
      return rows;
    };
    let index = 0;
    let page = order[0] === undefined ? null : read(order[0], null);
    while (page) {
      const rows = await page;
      // Ask for the next page before handing this one out, so that on PostgreSQL the database
      // works on it while the consumer formats this one. At most two pages are in memory.
      const last = rows.at(-1);
      let after: WindowCursor | null = null;
      if (last && rows.length === pageSize) after = { start: last.start, id: last.id };
      else index += 1;
      const channel = order[index];
      page = channel === undefined ? null : read(channel, after);
      // A consumer that stops early leaves it unawaited: its failure must not go unhandled.
      page?.catch(() => undefined);
      for (const row of rows) {
        const show = shows.get(row.showId);
        const timeslot = show && toTimeslot(row, show, from);
        if (timeslot) yield timeslot;
      }
    }
  }

  /**
   * Adds the shows of these timeslots not yet in `cache` to it (null for an id with no show in
   * the timeslots' organization, whose timeslots are left out, as a join would). A schedule airs the same shows again and again, so reading each
   * once instead of joined onto every timeslot halves what the guide and the feeds read.
   */
  private async loadShows(
    timeslots: readonly { showId: string; organization: string }[],
    cache: Map<string, GuideShow | null>,
  ): Promise<void> {
    const missing = [...new Set(timeslots.map((row) => row.showId))].filter((id) => !cache.has(id));
    if (missing.length === 0) return;
    // One organization's channels, so one organization: its shows only.
    const organizations = [...new Set(timeslots.map((row) => row.organization))];
    const rows = await this.db
      .selectFrom('shows')
      .select([
        'id',
        'title',
        'subtitle',
        'description',
        'category',
        'rating',
        'durationSec',
        'thumbnail',
        'season',
        'episode',
      ])
      .where('id', 'in', missing)
      .where('organization', 'in', organizations)
      .execute();
    // Audio descriptions a viewer may turn on: the show's complete track, its default first.
    const tracks = await this.db
      .selectFrom('captions')
      .select(['id', 'show'])
      .where('show', 'in', missing)
      .where('organization', 'in', organizations)
      .where('kind', '=', 'descriptions')
      .where('status', '=', 'complete')
      .orderBy('isDefault', 'desc')
      .orderBy('created')
      .execute();
    const descriptions = new Map<string, string>();
    for (const track of tracks)
      if (!descriptions.has(track.show)) descriptions.set(track.show, track.id);
    for (const id of missing) cache.set(id, null);
    for (const row of rows)
      cache.set(row.id, {
        ...row,
        descriptions: descriptions.get(row.id) ?? '',
      } satisfies GuideShow);
  }

  /**
   * The {@link GuideFingerprint} of the organization's channels and shows and, given a window, of
   * the timeslots {@link window} reads for those channels (cancelled ones too: cancelling one
   * changes the output): one statement.
   */
  async fingerprint(
    organization: string,
    window: { channels: readonly string[]; from: number; to: number } | null,
  ): Promise<GuideFingerprint> {
    const channels = window?.channels.length ? window.channels : null;
    const row = await this.db
      // Without a window (or channels) the bounds name no channel ('' is never an id), so the
      // timeslot part counts nothing; one statement shape either way.
      .with(
        (cte) => cte('bounds').materialized(),
        (db) => this.boundsQuery(db, channels ?? [''], window?.from ?? 0, null),
      )
      .with('airings', (db) =>
        db
          .selectFrom('bounds as b')
          .innerJoin('timeslots as t', (join) =>
            join
              .onRef('t.channel', '=', 'b.channel')
              .onRef('t.start', '>=', 'b.since')
              .on('t.start', '<', toRecordDate(window?.to ?? 0)),
          )
          .where(this.sameOrganization())
          // The planner hint of windowQuery, for the same reason.
          .$if(this.dialect === 'postgres', (query) =>
            query.where('t.start', '>=', (eb) =>
              eb.selectFrom('bounds').select(eb.fn.min('since').as('since')),
            ),
          )
          .select((eb) => [
            eb.fn.max('t.updated').as('timeslotsUpdated'),
            eb.fn.countAll().as('timeslotCount'),
          ]),
      )
      .selectFrom('airings')
      .select((eb) => [
        'airings.timeslotsUpdated',
        'airings.timeslotCount',
        eb
          .selectFrom('organizations')
          .select('updated')
          .where('id', '=', organization)
          .as('organizationUpdated'),
        eb
          .selectFrom('_schedule_deletions')
          .select('deleted')
          .where('organization', '=', organization)
          .as('lastDeletion'),
        eb
          .selectFrom('channels')
          .select((c) => c.fn.max('updated').as('updated'))
          .where('organization', '=', organization)
          .as('channelsUpdated'),
        eb
          .selectFrom('channels')
          .select((c) => c.fn.countAll().as('count'))
          .where('organization', '=', organization)
          .as('channelCount'),
        eb
          .selectFrom('shows')
          .select((c) => c.fn.max('updated').as('updated'))
          .where('organization', '=', organization)
          .as('showsUpdated'),
        eb
          .selectFrom('shows')
          .select((c) => c.fn.countAll().as('count'))
          .where('organization', '=', organization)
          .as('showCount'),
      ])
      .executeTakeFirstOrThrow();
    const updated = [
      row.organizationUpdated,
      // A deletion raises no `updated`; it is dated here instead (collections/schedule-deletions-repository.ts).
      row.lastDeletion,
      row.channelsUpdated,
      row.showsUpdated,
      channels ? row.timeslotsUpdated : null,
    ].reduce<string>((latest, value) => (value && value > latest ? value : latest), '');
    return {
      updated,
      channels: Number(row.channelCount ?? 0),
      shows: Number(row.showCount ?? 0),
      timeslots: channels ? Number(row.timeslotCount ?? 0) : 0,
    };
  }

  /** The channels query {@link channels} and {@link feedChannels} share. */
  private channelQuery(
    organization: string,
    options: { publicOnly: boolean; ids: readonly string[] | null },
  ) {
    let query = this.db
      .selectFrom('channels')
      .select(['id', 'name', 'number', 'slug', 'logo', 'color', 'timeZone', 'public'])
      .where('organization', '=', organization)
      .where('archived', '=', false);
    if (options.publicOnly) query = query.where('public', '=', true);
    if (options.ids) query = query.where('id', 'in', options.ids);
    return query.orderBy('sortOrder').orderBy('number').orderBy('name').orderBy('id');
  }

  /**
   * Per channel, the start from which its window is read: the last scheduled timeslot starting
   * before `from` (it may still be running), else `from`; after a cursor, the cursor's start.
   */
  /**
   * A timeslot of the bound's channel belongs to the channel's organization. On SQLite the unary
   * `+` keeps this term out of index selection: given it, SQLite walks
   * idx_timeslots_organization_start, the whole organization's window for every channel's bound
   * (about ten times the rows), instead of one channel's range of idx_timeslots_channel_start.
   */
  private sameOrganization() {
    return this.dialect === 'sqlite'
      ? sql<SqlBool>`+t.organization = b.organization`
      : sql<SqlBool>`t.organization = b.organization`;
  }

  private boundsQuery(
    db: QueryCreator<Database>,
    channels: readonly string[],
    from: number,
    after: WindowCursor | null,
  ) {
    const fromDate = toRecordDate(from);
    return db
      .selectFrom('channels as c')
      .select((eb) => [
        'c.id as channel',
        'c.organization as organization',
        (after
          ? eb.val(after.start)
          : eb.fn.coalesce(
              eb
                .selectFrom('timeslots as p')
                .select('p.start')
                .whereRef('p.channel', '=', 'c.id')
                .whereRef('p.organization', '=', 'c.organization')
                .where('p.status', '<>', CANCELLED)
                .where('p.start', '<', fromDate)
                .orderBy('p.start', 'desc')
                .limit(1),
              eb.val(fromDate),
            )
        ).as('since'),
      ])
      .where('c.id', 'in', channels);
  }

  /**
   * The statement behind {@link window} and every page of {@link stream}. `after` resumes a
   * one-channel read after that timeslot.
   */
  private windowQuery(
    channels: readonly string[],
    from: number,
    to: number,
    after: WindowCursor | null,
  ) {
    const toDate = toRecordDate(to);
    return (
      this.db
        // Materialized, so both planners compute the 50 bounds first and then walk one index range
        // per channel; inlined, SQLite scans every earlier timeslot of each channel instead.
        .with(
          (cte) => cte('bounds').materialized(),
          (db) => this.boundsQuery(db, channels, from, after),
        )
        .selectFrom('bounds as b')
        .innerJoin('timeslots as t', (join) =>
          join
            .onRef('t.channel', '=', 'b.channel')
            .onRef('t.start', '>=', 'b.since')
            .on('t.start', '<', toDate),
        )
        // Only the channel's organization's own timeslots (the engine keeps others out; this
        // keeps the guide right even for rows written before it did).
        .where(this.sameOrganization())
        .where('t.status', '<>', CANCELLED)
        // On PostgreSQL only: redundant for the result (every bound is at least the smallest), but
        // it gives the planner a range it can estimate; without it, it cannot tell how much of each
        // channel `t.start >= b.since` keeps and reads the whole table. SQLite walks the exact
        // per-channel ranges without it, and with it would start every channel at the earliest bound.
        .$if(this.dialect === 'postgres', (query) =>
          query.where('t.start', '>=', (eb) =>
            eb.selectFrom('bounds').select(eb.fn.min('since').as('since')),
          ),
        )
        // After a cursor the read resumes at the cursor's start (the bound), so only the rows at
        // that very start up to the cursor's id remain to skip.
        .$if(after !== null, (query) =>
          query.where((eb) =>
            eb.or([eb('t.start', '>', after?.start ?? ''), eb('t.id', '>', after?.id ?? '')]),
          ),
        )
        // The shows are read apart, once each (loadShows).
        .select([
          't.id as id',
          't.channel as channel',
          't.start as start',
          't.durationSec as durationSec',
          't.show as showId',
          't.organization as organization',
        ])
        .orderBy('t.channel')
        .orderBy('t.start')
        // Scheduled timeslots of a channel never share a start; the id only makes the order total,
        // which the stream's keyset paging needs even if that rule were ever broken.
        .orderBy('t.id')
    );
  }
}

type WindowRow = Awaited<ReturnType<ReturnType<GuideRepository['windowQuery']>['execute']>>[number];

/** The digits of `value` from `start` to `end` as a number (no checks: the caller checked). */
function digitsAt(value: string, start: number, end: number): number {
  let number = 0;
  for (let i = start; i < end; i++) number = number * 10 + value.charCodeAt(i) - 48;
  return number;
}

const RECORD_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * fromRecordDate for stored dates, which are all "YYYY-MM-DD HH:MM:SS.sssZ" (decision 0003):
 * read by position, because a feed reads 100,000 of them and Date.parse costs five times as
 * much. Anything else goes through fromRecordDate (0 where that finds no date).
 */
export function parseRecordDate(value: string): number {
  // Date.UTC reads years 0-99 as 1900-1999: those few go the general way.
  if (!RECORD_DATE.test(value) || value.startsWith('00')) return fromRecordDate(value) ?? 0;
  return Date.UTC(
    digitsAt(value, 0, 4),
    digitsAt(value, 5, 7) - 1,
    digitsAt(value, 8, 10),
    digitsAt(value, 11, 13),
    digitsAt(value, 14, 16),
    digitsAt(value, 17, 19),
    digitsAt(value, 20, 23),
  );
}

const MS_PER_DAY = 86_400_000;
/** 10000-01-01T00:00:00Z: from here on toISOString writes six-digit years. */
const LAST_MS = 253_402_300_800_000;
/** The last day {@link formatRecordDate} formatted ("YYYY-MM-DD "): timeslots come in runs of a day. */
let cachedDay = Number.NaN;
let cachedDate = '';

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * toRecordDate (UTC, "YYYY-MM-DD HH:MM:SS.sssZ") for the window's `end`s, with the date part
 * reused while the day stays the same: it is most of the work and changes a few times a day.
 */
export function formatRecordDate(epochMs: number): string {
  // Outside years 1970 to 9999, or between milliseconds, the general formatter is right.
  if (!Number.isInteger(epochMs) || epochMs < 0 || epochMs >= LAST_MS) return toRecordDate(epochMs);
  const day = Math.floor(epochMs / MS_PER_DAY);
  if (day !== cachedDay) {
    cachedDate = toRecordDate(day * MS_PER_DAY).slice(0, 11);
    cachedDay = day;
  }
  const ms = epochMs - day * MS_PER_DAY;
  const seconds = Math.floor(ms / 1000);
  return `${cachedDate}${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}.${pad(ms % 1000, 3)}Z`;
}

/** A window row as the guide gives it, or null for the one that ended before the window began. */
function toTimeslot(row: WindowRow, show: GuideShow, from: number): GuideTimeslot | null {
  const end = parseRecordDate(row.start) + row.durationSec * 1000;
  // The last timeslot before the window may have ended before it began.
  if (end <= from) return null;
  return {
    id: row.id,
    channel: row.channel,
    start: row.start,
    end: formatRecordDate(end),
    durationSec: row.durationSec,
    show,
  };
}
