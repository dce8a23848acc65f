import { toRecordDate } from '@airgrid/domain';
import type { HookContext } from '../records/collection-module.js';

/**
 * Notes, in the deleting transaction, that the record's organization deleted part of what its
 * guide and feeds are made of. Creates and updates raise `updated`; a deletion leaves nothing
 * behind to date it, so the feeds' Last-Modified reads this instead (GuideRepository.fingerprint).
 */
export async function noteScheduleDeletion(
  existing: Readonly<Record<string, unknown>>,
  context: HookContext,
): Promise<void> {
  const organization = existing.organization;
  if (typeof organization !== 'string' || organization === '') return;
  const deleted = toRecordDate(context.now);
  await context.trx
    .insertInto('_schedule_deletions')
    .values({ organization, deleted })
    .onConflict((conflict) => conflict.column('organization').doUpdateSet({ deleted }))
    .execute();
}

/** Forgets an organization's deletion date, in the transaction that deletes the organization. */
export async function forgetScheduleDeletions(
  trx: HookContext['trx'],
  organization: string,
): Promise<void> {
  await trx.deleteFrom('_schedule_deletions').where('organization', '=', organization).execute();
}
