import { formatTime, formatUsDate, toRecordDate } from '@airgrid/domain';
import { messages } from '../../i18n/messages';

// The List tab's writes apart from React: what a row action or a bulk action asks the server
// for, in which order, in how many batches, and how a refused batch is explained.

/** The most writes one POST /api/batch may hold (one transaction; PocketBase's maxRequests). */
export const BATCH_LIMIT = 50;

/** Moves go in 15-minute steps, at most a week either way. */
export const MOVE_STEP_MINUTES = 15;
const MOVE_MAX_MINUTES = 7 * 24 * 60;

export type BulkAction =
  | { kind: 'delete' }
  | { kind: 'cancel' }
  | { kind: 'move'; minutes: number };

/** A timeslot as the List tab knows it. */
export interface ListSlot {
  id: string;
  /** Epoch ms. */
  start: number;
  durationSec: number;
  status: string;
  /** The show's title, to name the timeslot in messages. */
  title: string;
  /** The channel's zone: the timeslot's times are read on its clock. */
  zone: string;
}

/** One write of a batch. */
export type BulkWrite =
  | { id: string; method: 'delete' }
  | { id: string; method: 'update'; body: Record<string, unknown> };

/** Why a move by `minutes` cannot be asked for, or null when it can. */
export function moveMinutesProblem(minutes: unknown): string | null {
  const t = messages();
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes === 0) {
    return t.timeslots.enterHowManyMinutesTo;
  }
  if (minutes % MOVE_STEP_MINUTES !== 0) {
    return t.timeslots.movesGoInMoveStep(MOVE_STEP_MINUTES, minutes, MOVE_STEP_MINUTES);
  }
  if (Math.abs(minutes) > MOVE_MAX_MINUTES) {
    return t.timeslots.moveByAtMostA;
  }
  return null;
}

/**
 * The writes an action makes, in an order that never trips over itself: a move later starts
 * with the latest timeslot and a move earlier with the earliest, so a selected neighbour has
 * always left the time another selected timeslot moves into. Cancelling skips what is already
 * cancelled.
 */
export function bulkWrites(action: BulkAction, slots: readonly ListSlot[]): BulkWrite[] {
  if (action.kind === 'delete') return slots.map((slot) => ({ id: slot.id, method: 'delete' }));
  if (action.kind === 'cancel') {
    return slots
      .filter((slot) => slot.status !== 'cancelled')
      .map((slot) => ({ id: slot.id, method: 'update', body: { status: 'cancelled' } }));
  }
  const problem = moveMinutesProblem(action.minutes);
  if (problem) throw new Error(problem);
  const shiftMs = action.minutes * 60_000;
  const ordered = [...slots].sort((a, b) => (shiftMs > 0 ? b.start - a.start : a.start - b.start));
  return ordered.map((slot) => ({
    id: slot.id,
    method: 'update',
    body: { start: toRecordDate(slot.start + shiftMs) },
  }));
}

/** Splits writes into batches of at most {@link BATCH_LIMIT}, each its own transaction. */
export function batches<T>(items: readonly T[], size = BATCH_LIMIT): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    out.push(items.slice(index, index + size));
  }
  return out;
}

/** "Evening News at 8:00 PM 03/17/2026": a timeslot named as the messages name it. */
export function slotName(slot: ListSlot, clock: '12h' | '24h' = '12h'): string {
  return messages().timeslots.slotName(
    slot.title || messages().timeslots.untitledShow,
    formatTime(slot.start, slot.zone, clock),
    formatUsDate(slot.start, slot.zone),
  );
}

interface BatchErrorBody {
  message?: unknown;
  data?: {
    requests?: Record<
      string,
      { response?: { message?: unknown; data?: Record<string, { message?: unknown }> } }
    >;
  };
}

/**
 * Why a batch was refused, as a person reads it: which timeslot (the failing write's index
 * names it) and the server's own reason, whose overlap message names the blocking show. The
 * batch is one transaction, so nothing of it was written.
 */
export function batchFailureText(
  body: unknown,
  writes: readonly BulkWrite[],
  slotsById: ReadonlyMap<string, ListSlot>,
  clock: '12h' | '24h' = '12h',
): string {
  const t = messages();
  const response = (body ?? {}) as BatchErrorBody;
  const [entry] = Object.entries(response.data?.requests ?? {});
  if (!entry) {
    const message = typeof response.message === 'string' ? response.message : '';
    return t.timeslots.batchRefused(message || t.timeslots.theServerRefusedTheChange);
  }
  const [index, failure] = entry;
  const write = writes[Number(index)];
  const slot = write ? slotsById.get(write.id) : undefined;
  const fieldMessages = Object.values(failure.response?.data ?? {})
    .map((detail) => detail?.message)
    .filter((message): message is string => typeof message === 'string');
  const serverMessage = failure.response?.message;
  const reason = fieldMessages[0] || (typeof serverMessage === 'string' ? serverMessage : '');
  const who = slot ? slotName(slot, clock) : t.timeslots.oneTimeslot;
  const why = reason === '' ? '' : `${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;
  return write?.method === 'delete'
    ? t.timeslots.batchWriteNotDeleted(who, why)
    : t.timeslots.batchWriteNotChanged(who, why);
}

/** What a finished action says: "Moved 3 timeslots 30 minutes later." */
export function bulkSuccessText(action: BulkAction, count: number): string {
  const t = messages();
  if (action.kind === 'delete') return t.timeslots.deletedCount(count);
  if (action.kind === 'cancel') return t.timeslots.cancelledCount(count);
  const minutes = Math.abs(action.minutes);
  return action.minutes > 0
    ? t.timeslots.movedLater(count, minutes)
    : t.timeslots.movedEarlier(count, minutes);
}

/** How a run of batches ended: how many writes were applied, and the refused batch if any. */
export interface BatchRun {
  applied: number;
  /** The refused batch's writes and the server's error; null when every batch went through. */
  failure: { writes: BulkWrite[]; error: unknown } | null;
  /** How many batches the writes needed (more than one past {@link BATCH_LIMIT} writes). */
  batchCount: number;
}

/**
 * Sends the writes in batches of {@link BATCH_LIMIT}, one after another, stopping at the first
 * refusal: every batch is all or nothing, and the ones before a refused batch stay applied.
 */
export async function runBatches(
  writes: readonly BulkWrite[],
  send: (batch: readonly BulkWrite[]) => Promise<unknown>,
): Promise<BatchRun> {
  const parts = batches(writes);
  let applied = 0;
  for (const part of parts) {
    try {
      await send(part);
    } catch (error) {
      return { applied, failure: { writes: part, error }, batchCount: parts.length };
    }
    applied += part.length;
  }
  return { applied, failure: null, batchCount: parts.length };
}
