import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import type { GuideChannel, GuideTimeslot } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';

/** The organization a guide belongs to. */
export interface GuideOrganization {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
  archived: boolean;
}

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
      .select(['id', 'slug', 'name', 'timeZone', 'archived'])
      .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
      .orderBy('id')
      .executeTakeFirst();
    return row && { ...row, archived: Boolean(row.archived) };
  }

  /**
   * The organization's channels that are not archived, in display order (sortOrder, number,
   * name); only public ones for `publicOnly`, only the named ones when `ids` is given.
   */
  async channels(
    organization: string,
    options: { publicOnly: boolean; ids: readonly string[] | null },
  ): Promise<GuideChannel[]> {
    let query = this.db
      .selectFrom('channels')
      .select(['id', 'name', 'number', 'slug', 'logo', 'color', 'timeZone', 'public'])
      .where('organization', '=', organization)
      .where('archived', '=', false);
    if (options.publicOnly) query = query.where('public', '=', true);
    if (options.ids) query = query.where('id', 'in', options.ids);
    const rows = await query
      .orderBy('sortOrder')
      .orderBy('number')
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, public: Boolean(row.public) }));
  }

  /**
   * Every scheduled timeslot on the channels that overlaps [from, to), with its show, ordered by
   * channel id and start: one statement.
   *
   * A timeslot that started before `from` and is still running belongs in the window. Scheduled
   * timeslots of a channel never overlap (the timeslots collection refuses it), so only the last
   * one starting before `from` can be; `bounds` finds it per channel with one step down the
   * (channel, start) index, and the window is then one index range per channel from there to
   * `to`. Reading stays proportional to the window, not to the channel's history.
   */
  async window(channels: readonly string[], from: number, to: number): Promise<GuideTimeslot[]> {
    if (channels.length === 0) return [];
    const fromDate = toRecordDate(from);
    const toDate = toRecordDate(to);
    const rows = await this.db
      // Materialized, so both planners compute the 50 bounds first and then walk one index range
      // per channel; inlined, SQLite scans every earlier timeslot of each channel instead.
      .with(
        (cte) => cte('bounds').materialized(),
        (db) =>
          db
            .selectFrom('channels as c')
            .select((eb) => [
              'c.id as channel',
              eb.fn
                .coalesce(
                  eb
                    .selectFrom('timeslots as p')
                    .select('p.start')
                    .whereRef('p.channel', '=', 'c.id')
                    .where('p.status', '<>', CANCELLED)
                    .where('p.start', '<', fromDate)
                    .orderBy('p.start', 'desc')
                    .limit(1),
                  eb.val(fromDate),
                )
                .as('since'),
            ])
            .where('c.id', 'in', channels),
      )
      .selectFrom('bounds as b')
      .innerJoin('timeslots as t', (join) =>
        join
          .onRef('t.channel', '=', 'b.channel')
          .onRef('t.start', '>=', 'b.since')
          .on('t.start', '<', toDate),
      )
      .innerJoin('shows as s', 's.id', 't.show')
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
      .select([
        't.id as id',
        't.channel as channel',
        't.start as start',
        't.durationSec as durationSec',
        's.id as showId',
        's.title as title',
        's.subtitle as subtitle',
        's.description as description',
        's.category as category',
        's.rating as rating',
        's.durationSec as showDurationSec',
        's.thumbnail as thumbnail',
        's.season as season',
        's.episode as episode',
      ])
      .orderBy('t.channel')
      .orderBy('t.start')
      .execute();
    const timeslots: GuideTimeslot[] = [];
    for (const row of rows) {
      const end = (fromRecordDate(row.start) ?? 0) + row.durationSec * 1000;
      // The last timeslot before the window may have ended before it began.
      if (end <= from) continue;
      timeslots.push({
        id: row.id,
        channel: row.channel,
        start: row.start,
        end: toRecordDate(end),
        durationSec: row.durationSec,
        show: {
          id: row.showId,
          title: row.title,
          subtitle: row.subtitle,
          description: row.description,
          category: row.category,
          rating: row.rating,
          durationSec: row.showDurationSec,
          thumbnail: row.thumbnail,
          season: row.season,
          episode: row.episode,
        },
      });
    }
    return timeslots;
  }
}
