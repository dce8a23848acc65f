import { randomBytes } from 'node:crypto';
import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/tables.js';
import { newRecordId } from '../records/record-id.js';

export interface UpsertResult {
  id: string;
  created: boolean;
}

/**
 * Creates the superuser, or sets a new password on the existing one with that email
 * (case-insensitive). A new token key signs out the superuser's existing sessions.
 */
export async function upsertSuperuser(
  db: Kysely<Database>,
  clock: Clock,
  email: string,
  passwordHash: string,
): Promise<UpsertResult> {
  const now = toRecordDate(clock.now());
  const tokenKey = randomBytes(24).toString('base64url');
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('_superusers')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('_superusers')
        .set({ password: passwordHash, tokenKey, updated: now })
        .where('id', '=', existing.id)
        .execute();
      return { id: existing.id, created: false };
    }
    const id = newRecordId();
    await trx
      .insertInto('_superusers')
      .values({
        id,
        email,
        password: passwordHash,
        tokenKey,
        verified: true,
        created: now,
        updated: now,
      })
      .execute();
    return { id, created: true };
  });
}
