import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * Which organization's guide a visitor who names none should see: on a deployment that serves
 * one station (the usual case), that station's.
 */
export class PublicOrganizationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The slug of the only organization that is not archived, or null when there are none or several. */
  async onlyPublicSlug(): Promise<string | null> {
    // Two rows are enough to tell "exactly one" from "several".
    const rows = await this.db
      .selectFrom('organizations')
      .select('slug')
      .where('archived', '=', false)
      .limit(2)
      .execute();
    return rows.length === 1 ? (rows[0]?.slug ?? null) : null;
  }
}
