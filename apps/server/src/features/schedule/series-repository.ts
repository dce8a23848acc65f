import { fromRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { SeriesTimeslot } from './series-plan.js';

// The series endpoints' reads, inside the write's transaction after the channel locks.

/** Every timeslot of the organization made from the recurrence, cancelled ones included. */
export async function seriesTimeslots(
  trx: Kysely<Database>,
  organization: string,
  recurrence: string,
): Promise<SeriesTimeslot[]> {
  const rows = await trx
    .selectFrom('timeslots')
    .select(['id', 'start', 'durationSec', 'channel', 'show', 'status', 'locked', 'occurrence'])
    .where('organization', '=', organization)
    .where('recurrence', '=', recurrence)
    .orderBy('start')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    start: fromRecordDate(row.start) ?? 0,
    durationSec: Number(row.durationSec),
    channel: row.channel,
    show: row.show,
    status: row.status,
    locked: row.locked === true || row.locked === 1,
    occurrence: row.occurrence,
  }));
}
