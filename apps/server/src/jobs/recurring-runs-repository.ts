import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * Claims this run of a recurring job (the daily archive purge, the equipment reminders) for
 * this node: true for exactly one of the nodes that ask at about the same time, once per
 * `everyMs`. The `_jobs` row's conditional update is atomic on both databases, so two nodes
 * never both win it.
 */
export async function claimRecurringRun(
  db: Kysely<Database>,
  job: string,
  now: number,
  everyMs: number,
): Promise<boolean> {
  await db
    .insertInto('_jobs')
    .values({ name: job, lastRun: '' })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('_jobs')
    .set({ lastRun: toRecordDate(now) })
    .where('name', '=', job)
    .where('lastRun', '<=', toRecordDate(now - everyMs))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
