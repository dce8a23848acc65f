import type { Transaction } from '../db/tables.js';

/** Deletes an auth record's OAuth2 links, in the transaction that deletes the record. */
export async function forgetLinksOf(
  trx: Transaction,
  collectionId: string,
  recordId: string,
): Promise<void> {
  await trx
    .deleteFrom('_externalAuths')
    .where('collectionRef', '=', collectionId)
    .where('recordRef', '=', recordId)
    .execute();
}
