import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { crashPoint } from './crash-point.js';
import type { RecordEvent, RecordEventSink } from './record-events.js';
import type { AfterCommit } from './record-files.js';

// The write unit: one write's transaction (or the caller's, in a batch), with what waits for
// its commit. Events are published, and replaced files deleted, only once it has committed;
// files stored ahead of it are taken back when it does not (docs/decisions/0014).

/** Takes back what was done ahead of a transaction (stored files). */
export type Undo = () => Promise<void>;

/** Where a write's events and storage work go: the service's options. */
export interface WriteUnit {
  /** Receives each write's events after its transaction commits. */
  events?: RecordEventSink;
  /** Set when the write runs inside a caller's transaction (a batch): events wait here. */
  pending?: RecordEvent[];
  /** With `pending`: storage work waiting for the caller's transaction to commit. */
  afterCommit?: AfterCommit[];
  /** With `pending`: files stored ahead of the caller's transaction, to take back if it fails. */
  rollback?: Undo[];
}

/** The work of one write, given its transaction and where to put events and post-commit work. */
export type WriteWork<T> = (
  trx: Kysely<Database>,
  emit: (event: RecordEvent) => void,
  later: (work: AfterCommit) => void,
) => Promise<T>;

/**
 * Runs a write in a transaction (or the caller's, in a batch) and publishes its events only
 * once that transaction has committed: a failed write publishes nothing. Work that is a single
 * statement (`oneStatement`) is atomic by itself and runs without `begin` and `commit`, which
 * on PostgreSQL are two round trips of their own.
 */
export async function runWrite<T>(
  db: Kysely<Database>,
  unit: WriteUnit,
  stored: Undo | undefined,
  work: WriteWork<T>,
  { oneStatement = false } = {},
): Promise<T> {
  const events: RecordEvent[] = [];
  const emit = (event: RecordEvent) => events.push(event);
  const afterCommit: AfterCommit[] = [];
  const later = (work: AfterCommit) => afterCommit.push(work);
  const undo = stored ? [stored] : [];
  if (unit.pending) {
    const result = await takeBackOnFailure(undo, () => work(db, emit, later));
    unit.pending.push(...events);
    unit.afterCommit?.push(...afterCommit);
    unit.rollback?.push(...undo);
    return result;
  }
  const result = await takeBackOnFailure(undo, () =>
    oneStatement
      ? work(db, emit, later)
      : db.transaction().execute((trx) => work(trx, emit, later)),
  );
  crashPoint('record-committed');
  // Replaced files go once the record no longer names them.
  await runAfterCommit(db, afterCommit);
  if (events.length) unit.events?.publish(events);
  return result;
}

/** Runs storage work after a commit, all of it even when one fails; rethrows the first. */
export async function runAfterCommit(
  db: Kysely<Database>,
  work: readonly AfterCommit[],
): Promise<void> {
  let failure: unknown;
  for (const item of work) {
    try {
      await item(db);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}

/** Runs `work`; when it fails, runs every undo (each even if another fails) and rethrows. */
export async function takeBackOnFailure<T>(
  undo: readonly Undo[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await Promise.allSettled(undo.map((item) => item()));
    throw error;
  }
}
