import type { Transaction } from '../../db/tables.js';

// A show's caption status follows its tracks: `complete` once one track is complete, `partial`
// while there are only drafts, `none` without tracks (the shows list filters by it).

export type ShowCaptionStatus = 'none' | 'partial' | 'complete';

/**
 * Sets the show's caption status from its tracks, counting `change` (the track being written,
 * or deleted: status null) in place of what the table holds for it. Returns the new status.
 */
export async function refreshShowCaptionStatus(
  trx: Transaction,
  show: string,
  change: { id: string; status: string | null },
  now: string,
): Promise<ShowCaptionStatus> {
  const rows = await trx
    .selectFrom('captions')
    .select(['id', 'status'])
    .where('show', '=', show)
    .where('id', '!=', change.id)
    .execute();
  const statuses = rows.map((row) => row.status);
  if (change.status !== null) statuses.push(change.status);
  const status: ShowCaptionStatus = statuses.includes('complete')
    ? 'complete'
    : statuses.length > 0
      ? 'partial'
      : 'none';
  await trx
    .updateTable('shows')
    .set({ captionStatus: status, updated: now })
    .where('id', '=', show)
    .execute();
  return status;
}
