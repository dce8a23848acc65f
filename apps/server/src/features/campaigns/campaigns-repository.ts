import type { Transaction } from '../../db/tables.js';

// What a campaign's checks read of other records: its rotation's spots.

/** What a campaign's rotation must know of a spot: whose it is, whether it may air. */
export interface RotationSpotFacts {
  id: string;
  title: string;
  sponsor: string;
  status: string;
  media: string;
}

/** The spots of a rotation, by id (ids that name no spot are left out). */
export async function findRotationSpots(
  trx: Transaction,
  ids: readonly string[],
): Promise<RotationSpotFacts[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('ads')
    .select(['id', 'title', 'sponsor', 'status', 'media'])
    .where('id', 'in', [...ids])
    .execute();
}
