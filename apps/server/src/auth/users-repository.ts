import { randomBytes } from 'node:crypto';
import { toRecordDate } from '@airgrid/domain';
import type { CollectionDefinition } from '@airgrid/schema';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/tables.js';
import { isUniqueViolation } from '../records/driver-errors.js';
import { type RecordValues, rowToRecord } from '../records/record-codec.js';

/** What an email change came to: done, the token's key is gone, or the address was taken. */
export type EmailChangeOutcome = 'changed' | 'stale' | 'taken';

/**
 * Lookups on auth collections that the record API does not do, and the writes of the account
 * flows (password reset, verification, email change). Writes that need a token are guarded by
 * the token key the token was signed with, so a token works once even when used twice at once.
 */
export class UsersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Told after every write here: each one changes who a token speaks for (auth-cache.ts). */
    private readonly changed: () => void = () => {},
  ) {}

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

  /**
   * Sets a new password hash and a new token key (every session and token of the record ends),
   * and marks the record verified when asked. False when the token key has changed meanwhile.
   */
  setPassword(
    collection: CollectionDefinition,
    id: string,
    expectedTokenKey: string,
    passwordHash: string,
    markVerified: boolean,
  ): Promise<boolean> {
    const changes = [sql`${sql.ref('password')} = ${passwordHash}`];
    if (markVerified) changes.push(sql`${sql.ref('verified')} = ${true}`);
    return this.update(collection, id, expectedTokenKey, changes);
  }

  /**
   * Notes a successful sign-in of a member (the members page shows it). Not a change of who the
   * token speaks for, and not an edit: `updated` and the token caches stay as they are.
   */
  async recordSignIn(collection: CollectionDefinition, id: string): Promise<void> {
    if (collection.name !== 'users') return;
    await this.db
      .updateTable('users')
      .set({ lastSignIn: this.now() })
      .where('id', '=', id)
      .execute();
  }

  /** Marks the record verified if its email is still this one. False when it is not. */
  async markVerified(
    collection: CollectionDefinition,
    id: string,
    email: string,
  ): Promise<boolean> {
    const result = await sql`
      update ${sql.table(collection.name)}
      set ${sql.ref('verified')} = ${true}, ${sql.ref('updated')} = ${this.now()}
      where ${sql.ref('id')} = ${id} and ${sql.ref('email')} = ${email}`.execute(this.db);
    this.changed();
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  /**
   * Sets the new email, marks it verified (the mail reached it) and sets a new token key, so
   * sessions signed in with the old address end.
   */
  async changeEmail(
    collection: CollectionDefinition,
    id: string,
    expectedTokenKey: string,
    newEmail: string,
  ): Promise<EmailChangeOutcome> {
    try {
      const changed = await this.update(collection, id, expectedTokenKey, [
        sql`${sql.ref('email')} = ${newEmail}`,
        sql`${sql.ref('verified')} = ${true}`,
      ]);
      return changed ? 'changed' : 'stale';
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  private async update(
    collection: CollectionDefinition,
    id: string,
    expectedTokenKey: string,
    changes: RawBuilder<unknown>[],
  ): Promise<boolean> {
    const tokenKey = randomBytes(24).toString('base64url');
    const result = await sql`
      update ${sql.table(collection.name)}
      set ${sql.join([
        ...changes,
        sql`${sql.ref('tokenKey')} = ${tokenKey}`,
        sql`${sql.ref('updated')} = ${this.now()}`,
      ])}
      where ${sql.ref('id')} = ${id} and ${sql.ref('tokenKey')} = ${expectedTokenKey}`.execute(
      this.db,
    );
    this.changed();
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  private now(): string {
    return toRecordDate(this.clock.now());
  }
}
