import { pb } from '../../lib/pocketbase';
import type { BulkWrite } from './bulk-actions';

// The List tab's writes: one timeslot at a time, or a batch in one transaction.

export function updateTimeslot(id: string, body: Record<string, unknown>) {
  return pb.collection('timeslots').update(id, body);
}

export function deleteTimeslot(id: string) {
  return pb.collection('timeslots').delete(id);
}

/** Sends writes as one POST /api/batch: all of them are applied, or none (at most 50). */
export async function sendTimeslotBatch(writes: readonly BulkWrite[]): Promise<void> {
  const batch = pb.createBatch();
  for (const write of writes) {
    if (write.method === 'delete') batch.collection('timeslots').delete(write.id);
    else batch.collection('timeslots').update(write.id, write.body);
  }
  await batch.send();
}
