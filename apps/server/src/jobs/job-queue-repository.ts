import { toRecordDate } from '@airgrid/domain';
import type { JobKind } from '@airgrid/schema';
import type { Kysely, Selectable } from 'kysely';
import type { CollectionTable, Database } from '../db/tables.js';
import { newRecordId } from '../records/record-id.js';

// The job queue's SQL (table `jobs`): every node asks it for due work and takes a job with one
// conditional update, which only one node can win on either database. A claim holds until its
// lease ends; a node that dies loses its jobs to the next one that looks.

export type JobRow = Selectable<CollectionTable<'jobs'>>;

export interface NewJob {
  organization: string;
  kind: JobKind;
  /** `collection/id` of what the job works on. */
  target: string;
}

/** How many due jobs one look considers (others may be claimed by other nodes meanwhile). */
const CANDIDATES = 5;

/** Queues a job (in the caller's transaction, when it has one); returns its id. */
export async function enqueueJob(db: Kysely<Database>, job: NewJob, now: number): Promise<string> {
  const at = toRecordDate(now);
  const id = newRecordId();
  await db
    .insertInto('jobs')
    .values({ id, created: at, updated: at, ...job, state: 'queued', runAfter: at })
    .execute();
  return id;
}

export class JobQueueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Takes the oldest due job for `node` until `leaseUntil`, or undefined when none is due. */
  async claim(
    kinds: readonly string[],
    node: string,
    now: number,
    leaseUntil: number,
  ): Promise<JobRow | undefined> {
    if (kinds.length === 0) return undefined;
    const at = toRecordDate(now);
    const due = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('state', '=', 'queued')
      .where('runAfter', '<=', at)
      .where('kind', 'in', kinds)
      .orderBy('runAfter')
      .limit(CANDIDATES)
      .execute();
    for (const { id } of due) {
      const result = await this.db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          lockedBy: node,
          lockedUntil: toRecordDate(leaseUntil),
          attempts: eb('attempts', '+', 1),
          progress: 0,
          updated: at,
        }))
        .where('id', '=', id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0)
        return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    }
    return undefined;
  }

  /** Running jobs whose lease ended (their node died or hung) go back to the queue; their ids. */
  async requeueExpired(now: number): Promise<string[]> {
    const at = toRecordDate(now);
    const expired = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('state', '=', 'running')
      .where('lockedUntil', '<', at)
      .execute();
    const requeued: string[] = [];
    for (const { id } of expired) {
      const result = await this.db
        .updateTable('jobs')
        .set({ state: 'queued', lockedBy: '', lockedUntil: '', updated: at })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('lockedUntil', '<', at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) requeued.push(id);
    }
    return requeued;
  }

  /** Changes a job this node holds; false when it no longer holds it (its lease was taken). */
  async update(
    id: string,
    node: string,
    changes: Partial<Omit<JobRow, 'id' | 'created'>>,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ ...changes, updated: toRecordDate(now) })
      .where('id', '=', id)
      .where('lockedBy', '=', node)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Queues a job outside any write (a job that leads to another); returns its id. */
  enqueue(job: NewJob, now: number): Promise<string> {
    return enqueueJob(this.db, job, now);
  }

  /** A queued or running job of this kind for this target, if there is one. */
  async pending(kind: JobKind, target: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', kind)
      .where('target', '=', target)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
  }
}
