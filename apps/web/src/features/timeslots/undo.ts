import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import type { TimeslotRecord } from '@airgrid/schema';
import type { BulkAction } from './bulk-actions';

// Undo for the last change on /timeslots, as pure data: the writes that put the schedule back,
// in an order whose every step passes the timeslots' overlap check.

/** One write of an undo. */
export type UndoWrite =
  | { kind: 'update'; id: string; fields: Record<string, unknown> }
  | { kind: 'create'; fields: Record<string, unknown> }
  | { kind: 'delete'; id: string };

/** A timeslot's place on its channel, as a record holds it. */
export interface SlotSpan {
  id: string;
  start: string;
  durationSec: number;
}

function startOf(span: SlotSpan): number {
  return fromRecordDate(span.start) ?? 0;
}

function endOf(span: SlotSpan): number {
  return startOf(span) + span.durationSec * 1000;
}

/**
 * The updates that put moved timeslots back where they were (`before`, by id), from where they
 * are now (`after`). A push moves every bar one way, so its undo moves every bar the other way:
 * when all go later, the latest is written first; otherwise the earliest is (the server's
 * writeOrder, mirrored), so no step lands on a bar that has not moved yet.
 */
export function restoreSpans(
  after: readonly SlotSpan[],
  before: ReadonlyMap<string, SlotSpan>,
): UndoWrite[] {
  const pairs = after.flatMap((now) => {
    const then = before.get(now.id);
    if (!then) return [];
    if (startOf(then) === startOf(now) && then.durationSec === now.durationSec) return [];
    return [{ now, then }];
  });
  const later = pairs.every(
    ({ now, then }) => startOf(then) >= startOf(now) && endOf(then) >= endOf(now),
  );
  pairs.sort((a, b) => startOf(a.now) - startOf(b.now));
  if (later) pairs.reverse();
  return pairs.map(({ then }) => ({
    kind: 'update',
    id: then.id,
    fields: { start: then.start, durationSec: then.durationSec },
  }));
}

/** The fields that recreate a deleted timeslot as it was, under its own id. */
export function recreateFields(record: TimeslotRecord): Record<string, unknown> {
  return {
    id: record.id,
    organization: record.organization,
    channel: record.channel,
    show: record.show,
    start: record.start,
    durationSec: record.durationSec,
    status: record.status,
    recurrence: record.recurrence,
    occurrence: record.occurrence,
    locked: record.locked,
    bundle: record.bundle,
    source: record.source,
    note: record.note,
  };
}

/** The update that puts an edited timeslot's changed fields back to what they were. */
export function revertFields(
  record: TimeslotRecord,
  changed: Readonly<Record<string, unknown>>,
): UndoWrite {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(changed)) fields[key] = record[key as keyof TimeslotRecord];
  return { kind: 'update', id: record.id, fields };
}

/**
 * Undoing a placed timeslot: delete it first (so the slot is free), then the timeslots its push
 * moved go back, earliest first.
 */
export function unplace(
  created: string,
  moved: readonly SlotSpan[],
  before: ReadonlyMap<string, SlotSpan>,
): UndoWrite[] {
  return [{ kind: 'delete', id: created }, ...restoreSpans(moved, before)];
}

/**
 * Undoing a List action on `records` (each as it was before the action): a delete recreates
 * them under their own ids; a cancel puts back the status of each one it cancelled (what was
 * already cancelled was not written, so stays so); a move takes them back by the same minutes,
 * in the order {@link restoreSpans} gives (the reverse of the move's), so no step lands on a
 * selected neighbour that has not moved back yet.
 */
export function undoBulk(action: BulkAction, records: readonly TimeslotRecord[]): UndoWrite[] {
  if (action.kind === 'delete') {
    return records.map((record) => ({ kind: 'create', fields: recreateFields(record) }));
  }
  if (action.kind === 'cancel') {
    return records
      .filter((record) => record.status !== 'cancelled')
      .map((record) => revertFields(record, { status: 'cancelled' }));
  }
  const shiftMs = action.minutes * 60_000;
  const before = new Map<string, SlotSpan>(
    records.map((record) => [
      record.id,
      { id: record.id, start: record.start, durationSec: record.durationSec },
    ]),
  );
  const after = records.map((record) => ({
    id: record.id,
    start: toRecordDate((fromRecordDate(record.start) ?? 0) + shiftMs),
    durationSec: record.durationSec,
  }));
  return restoreSpans(after, before);
}
