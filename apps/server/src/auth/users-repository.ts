import type { CollectionDefinition } from '@airgrid/schema';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.js';
import { type RecordValues, rowToRecord } from '../records/record-codec.js';

/** Lookups on auth collections that the record API does not do. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The auth record with this email, compared case-insensitively (the unique index is on lower(email)). */
  async findByEmail(
    collection: CollectionDefinition,
    email: string,
  ): Promise<RecordValues | undefined> {
    if (email === '') return undefined;
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${sql.table(collection.name)} where lower(email) = ${email.toLowerCase()} limit 1`.execute(
      this.db,
    );
    return rows[0] && rowToRecord(collection, rows[0]);
  }
}
