import { apiKeys } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { type RecordValues, rowToRecord } from '../records/record-codec.js';

/** The reads and the one write of API keys that the record API does not do (auth/api-keys.ts). */
export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The key whose hash this is, without the hash, or undefined. */
  async findByHash(keyHash: string): Promise<RecordValues | undefined> {
    const row = await this.db
      .selectFrom('apiKeys')
      .selectAll()
      .where('keyHash', '=', keyHash)
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    const { keyHash: _hash, ...record } = rowToRecord(apiKeys, row);
    return record;
  }

  /**
   * Notes when a key was last used. Not an edit: `updated` and realtime stay as they are, as a
   * member's last sign-in does (users-repository.ts).
   */
  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('apiKeys').set({ lastUsed: at }).where('id', '=', id).execute();
  }
}
