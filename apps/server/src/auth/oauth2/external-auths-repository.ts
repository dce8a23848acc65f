import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/tables.js';
import { newRecordId } from '../../records/record-id.js';

// The links between auth records and OAuth2 identities (table _externalAuths, API-CONTRACT
// §5.3). The OAuth2 sign-in writes them; their owner lists and unlinks them through the records
// API (collections/external-auths.ts); deleting the account deletes them (collections/external-auths.ts).

export interface ExternalAuthLink {
  recordRef: string;
  provider: string;
  providerId: string;
}

export class ExternalAuthsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The record linked to this provider's identity, if any. */
  async recordOf(
    collectionId: string,
    provider: string,
    providerId: string,
  ): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('_externalAuths')
      .select('recordRef')
      .where('collectionRef', '=', collectionId)
      .where('provider', '=', provider)
      .where('providerId', '=', providerId)
      .executeTakeFirst();
    return row?.recordRef;
  }

  /** The provider identity the record is linked to, if any. */
  async identityOf(
    collectionId: string,
    recordId: string,
    provider: string,
  ): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('_externalAuths')
      .select('providerId')
      .where('collectionRef', '=', collectionId)
      .where('recordRef', '=', recordId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return row?.providerId;
  }

  /**
   * Links the record to the provider's identity. The unique indexes keep one identity per
   * record and provider, and one record per identity: a link that races another is refused
   * by the database, and the caller reports it.
   */
  async link(collectionId: string, link: ExternalAuthLink): Promise<void> {
    const now = toRecordDate(this.clock.now());
    await this.db
      .insertInto('_externalAuths')
      .values({
        id: newRecordId(),
        created: now,
        updated: now,
        collectionRef: collectionId,
        ...link,
      })
      .execute();
  }

  /** Forgets a link whose record is gone. */
  async unlink(collectionId: string, provider: string, providerId: string): Promise<void> {
    await this.db
      .deleteFrom('_externalAuths')
      .where('collectionRef', '=', collectionId)
      .where('provider', '=', provider)
      .where('providerId', '=', providerId)
      .execute();
  }
}
