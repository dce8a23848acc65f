import { accentColorOf, type PublicStation } from '@airgrid/schema';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.js';

/** An organization row as the public pages see it, and whether it is archived. */
export interface StationRow extends PublicStation {
  archived: boolean;
}

/** One page of public stations and how many match in all. */
export interface StationPage {
  items: PublicStation[];
  totalItems: number;
}

const STATION_COLUMNS = ['id', 'slug', 'name', 'timeZone', 'logo', 'branding', 'archived'] as const;

/** `\`, `%` and `_` taken literally in a LIKE pattern escaped with `\`. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function toStation(row: {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
  logo: string;
  branding: unknown;
  archived: boolean | number;
}): StationRow {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    timeZone: row.timeZone,
    logo: row.logo,
    accentColor: accentColorOf(row.branding),
    archived: Boolean(row.archived),
  };
}

/**
 * The stations viewers can find: organizations that are not archived and have at least one
 * public channel that is not archived. Only what a guest may see leaves here (name, slug, zone,
 * logo, accent colour); never members, settings, contacts or private channels.
 */
export class PublicOrganizationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Not archived, with a public channel on air (not archived either). */
  private isPublic(eb: ExpressionBuilder<Database, 'organizations'>) {
    return eb.and([
      eb('organizations.archived', '=', false),
      eb.exists(
        eb
          .selectFrom('channels')
          .select('channels.id')
          .whereRef('channels.organization', '=', 'organizations.id')
          .where('channels.public', '=', true)
          .where('channels.archived', '=', false),
      ),
    ]);
  }

  /** The slug of the only public station, or null when there are none or several. */
  async onlyPublicSlug(): Promise<string | null> {
    // Two rows are enough to tell "exactly one" from "several".
    const rows = await this.db
      .selectFrom('organizations')
      .select('slug')
      .where((eb) => this.isPublic(eb))
      .limit(2)
      .execute();
    return rows.length === 1 ? (rows[0]?.slug ?? null) : null;
  }

  /**
   * Public stations whose name or slug contains `search` (any case), by name, one page. A
   * station that chose to be unlisted stays out (its URLs still work).
   */
  async list(search: string, page: number, perPage: number): Promise<StationPage> {
    const pattern = `%${likeLiteral(search.toLowerCase())}%`;
    const base = this.db.selectFrom('organizations').where((eb) => {
      const conditions = [this.isPublic(eb), eb('organizations.unlisted', '=', false)];
      if (search !== '') {
        conditions.push(
          eb.or([
            sql<boolean>`lower(organizations.name) like ${pattern} escape '\\'`,
            sql<boolean>`lower(organizations.slug) like ${pattern} escape '\\'`,
          ]),
        );
      }
      return eb.and(conditions);
    });
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
      base
        .select([...STATION_COLUMNS])
        .orderBy(sql`lower(organizations.name)`)
        .orderBy('organizations.id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
    ]);
    return {
      totalItems: Number(count?.total ?? 0),
      items: rows.map((row) => {
        const { archived: _archived, ...station } = toStation(row);
        return station;
      }),
    };
  }

  /**
   * The organization with this id or slug, archived or not; undefined when there is none. With
   * its landing channel when that channel is public and not archived.
   */
  async find(idOrSlug: string): Promise<StationRow | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .select([...STATION_COLUMNS])
      .select((eb) =>
        eb
          .selectFrom('channels')
          .select('channels.id')
          .whereRef('channels.id', '=', 'organizations.landingChannel')
          .whereRef('channels.organization', '=', 'organizations.id')
          .where('channels.public', '=', true)
          .where('channels.archived', '=', false)
          .as('landing'),
      )
      .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
      .orderBy('id')
      .executeTakeFirst();
    return row && { ...toStation(row), landingChannel: row.landing ?? '' };
  }
}
