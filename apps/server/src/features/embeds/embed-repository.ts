import type { Kysely } from 'kysely';
import { jsonColumn } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';

/** What /embed/:id needs to serve a widget: who may frame it. */
export interface EmbedFraming {
  /** The embed's organization (its edits, and the embed's, change the page). */
  organization: string;
  /** The stored allowedOrigins (JSON: an array, as text on SQLite). */
  allowedOrigins: unknown;
}

/** The widget page's read: one embed by id, if its organization is still live. */
export class EmbedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The embed's framing, or undefined for an unknown id, an archived embed (a retired widget),
   * or an embed of an archived organization (whose guide no visitor can read any more, so the
   * page has nothing to show).
   */
  async findFraming(id: string): Promise<EmbedFraming | undefined> {
    const row = await this.db
      .selectFrom('embeds as e')
      .innerJoin('organizations as o', 'o.id', 'e.organization')
      .select(['e.allowedOrigins as allowedOrigins', 'e.organization as organization'])
      .where('e.id', '=', id)
      .where('e.archived', '=', false)
      .where('o.archived', '=', false)
      .executeTakeFirst();
    return row
      ? { organization: row.organization, allowedOrigins: jsonColumn(row.allowedOrigins) }
      : undefined;
  }
}
