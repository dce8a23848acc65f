import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/** The waitlist's one question the record API cannot ask: whose entry an address is. */
export class WaitlistRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The id of the entry for this address (any case), or null. */
  async entryOf(email: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('waitlist')
      .select('id')
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row?.id ?? null;
  }
}
