import type { Clock } from '@airgrid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { useAction } from '../../ui/forms/use-action';
import {
  BATCH_LIMIT,
  type BatchRun,
  type BulkAction,
  batchFailureText,
  bulkSuccessText,
  bulkWrites,
  type ListSlot,
  runBatches,
  slotName,
} from './bulk-actions';
import { deleteTimeslot, sendTimeslotBatch, updateTimeslot } from './list-queries';
import { type ListedTimeslot, timeslotKeys } from './queries';
import { refusalDetail } from './refusal-detail';
import { recreateFields, revertFields, type UndoWrite, undoBulk } from './undo';

/** A batch the server refused, after `applied` writes of earlier batches went through. */
class BatchRefused extends Error {
  constructor(
    readonly refusal: NonNullable<BatchRun['failure']>,
    readonly applied: number,
  ) {
    super('A batch was refused.');
  }
}

/**
 * What the timeslots list does to its rows: bulk actions in batches, one row deleted, one airing
 * cancelled or restored. Each says it went through with `onDone` (the page's toast with an
 * Undo); a refusal is the `problem` the list shows, and the list is read again.
 */
export function useListActions({
  slotsById,
  recordsById,
  clock,
  onDone,
  onBulkDone,
}: {
  slotsById: ReadonlyMap<string, ListSlot>;
  /** The records as read, for the undo of a change: what it puts back. */
  recordsById: ReadonlyMap<string, ListedTimeslot>;
  clock: Clock;
  onDone: (summary: string, undo: UndoWrite[]) => void;
  /** Every batch of a bulk action went through (the list clears its selection). */
  onBulkDone: () => void;
}) {
  const t = messages();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const action = useAction();

  // A refusal leaves the list as the server has it (earlier batches applied, a row deleted
  // meanwhile): the list is read again whatever the outcome.
  const refresh = () => queryClient.invalidateQueries({ queryKey: timeslotKeys.all });
  const refused = (text: string) => {
    setProblem(text);
    void refresh();
  };

  /** Runs an action on timeslots: in batches of 50, each all or nothing. */
  function run(bulk: BulkAction, ids: readonly string[]) {
    const chosen = ids.flatMap((id) => slotsById.get(id) ?? []);
    const records = ids.flatMap((id) => recordsById.get(id) ?? []);
    let writes: ReturnType<typeof bulkWrites>;
    try {
      writes = bulkWrites(bulk, chosen);
    } catch (error) {
      setProblem((error as Error).message);
      return;
    }
    if (writes.length === 0) {
      setProblem(t.timeslots.nothingToDoTheChosen);
      return;
    }
    setProblem(null);
    return action.run({
      save: async () => {
        const outcome = await runBatches(writes, sendTimeslotBatch);
        if (outcome.failure) throw new BatchRefused(outcome.failure, outcome.applied);
        return outcome.applied;
      },
      invalidate: [timeslotKeys.all],
      // Every batch went through: the toast offers to put them all back (one batch if it fits).
      onSaved: (applied) => {
        onBulkDone();
        onDone(bulkSuccessText(bulk, applied), undoBulk(bulk, records));
      },
      failure: (failure) => {
        if (!(failure instanceof BatchRefused)) {
          refused(refusalDetail(failure));
          return;
        }
        const { error, writes: refusedWrites } = failure.refusal;
        const body =
          error instanceof ClientResponseError ? error.response : { message: refusalDetail(error) };
        const done =
          failure.applied > 0
            ? t.timeslots.theFirstAppliedInBatches(failure.applied, BATCH_LIMIT)
            : '';
        refused(`${batchFailureText(body, refusedWrites, slotsById, clock)}${done}`);
      },
    });
  }

  function removeOne(id: string) {
    const slot = slotsById.get(id);
    const record = recordsById.get(id);
    setProblem(null);
    return action.run({
      save: () => deleteTimeslot(id),
      invalidate: [timeslotKeys.all],
      onSaved: () =>
        onDone(
          t.timeslots.timeslotDeleted,
          record ? [{ kind: 'create', fields: recreateFields(record) }] : [],
        ),
      failure: (error) =>
        refused(
          t.timeslots.valueCouldNotBeDeleted(
            slot ? slotName(slot, clock) : t.timeslots.theTimeslot,
            refusalDetail(error),
          ),
        ),
    });
  }

  function setStatus(slot: ListSlot, status: 'scheduled' | 'cancelled') {
    const record = recordsById.get(slot.id);
    setProblem(null);
    return action.run({
      save: () => updateTimeslot(slot.id, { status }),
      invalidate: [timeslotKeys.all],
      onSaved: () =>
        onDone(
          status === 'cancelled' ? t.timeslots.airingCancelled : t.timeslots.airingRestored,
          record ? [revertFields(record, { status })] : [],
        ),
      failure: (error) =>
        refused(t.timeslots.slotCouldNotBeChanged(slotName(slot, clock), refusalDetail(error))),
    });
  }

  return { busy: action.busy, problem, setProblem, run, removeOne, setStatus };
}
