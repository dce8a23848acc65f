import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import type { Kysely, Selectable } from 'kysely';
import { dialectOf } from '../../db/column-types.js';
import type { CollectionTable, Database } from '../../db/tables.js';

/** The channel whose schedule a timeslot write changes, as the overlap message names it. */
export interface ScheduleChannel {
  name: string;
  timeZone: string;
}

/** A scheduled timeslot that a new or moved one would collide with. */
export interface Collision {
  id: string;
  title: string;
  start: string;
  durationSec: number;
}

const CANCELLED = 'cancelled';

/**
 * Takes the channel's schedule lock for the rest of the write transaction and reads the channel,
 * if it is the organization's (another organization's channel reads as missing).
 *
 * Two concurrent writes must not both pass the overlap check. On SQLite every transaction opens
 * with BEGIN IMMEDIATE (db/database.ts), so writers, even from other processes, already run one
 * at a time. On PostgreSQL (READ COMMITTED) two transactions could each see the other's slot as
 * absent, so the write locks the channel row with SELECT ... FOR UPDATE: writes to one channel
 * queue behind each other while other channels proceed. We prefer the row lock to
 * pg_advisory_xact_lock because it needs no key hashing into a namespace other features share,
 * and because it also serializes with a delete of the channel: a write that waited for a deleting
 * transaction finds no row afterwards and is refused instead of leaving an orphan timeslot.
 */
export async function lockChannelSchedule(
  trx: Kysely<Database>,
  channel: string,
  organization: string,
): Promise<ScheduleChannel | undefined> {
  const query = trx
    .selectFrom('channels')
    .select(['name', 'timeZone'])
    .where('id', '=', channel)
    .where('organization', '=', organization);
  return dialectOf(trx as unknown as Kysely<unknown>) === 'postgres'
    ? query.forUpdate().executeTakeFirst()
    : query.executeTakeFirst();
}

/**
 * The earliest scheduled timeslot of the organization on the channel that overlaps [start, end),
 * other than `except`: only the organization's own timeslots and shows are read, so a collision
 * names only what the requester may see.
 * Adjacent timeslots (one's end equals the other's start) do not overlap.
 *
 * Every write goes through this check, so the scheduled timeslots of a channel never overlap;
 * sorted by start they also end in order. Then at most one timeslot that starts before `start`
 * can still be running at `start`: the last one. The check reads that one and the ones starting
 * inside the span, two short range scans of the (channel, start) index, however long the
 * channel's history is.
 */
export async function findCollision(
  trx: Kysely<Database>,
  slot: { organization: string; channel: string; start: string; end: string; except: string },
): Promise<Collision | undefined> {
  const base = trx
    .selectFrom('timeslots as t')
    .innerJoin('shows as s', (join) =>
      join.onRef('s.id', '=', 't.show').onRef('s.organization', '=', 't.organization'),
    )
    .select(['t.id as id', 's.title as title', 't.start as start', 't.durationSec as durationSec'])
    .where('t.organization', '=', slot.organization)
    .where('t.channel', '=', slot.channel)
    .where('t.status', '<>', CANCELLED)
    .where('t.id', '<>', slot.except);
  const before = await base
    .where('t.start', '<', slot.start)
    .orderBy('t.start', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (before && endOf(before.start, before.durationSec) > slot.start) return before;
  return base
    .where('t.start', '>=', slot.start)
    .where('t.start', '<', slot.end)
    .orderBy('t.start')
    .limit(1)
    .executeTakeFirst();
}

/** The record date at which a timeslot ends (dates compare as text in the wire format). */
function endOf(start: string, durationSec: number): string {
  return toRecordDate((fromRecordDate(start) ?? 0) + durationSec * 1000);
}

/** The rule of a recurrence, as an instance change needs it to write an exception. */
export type InstanceRecurrence = Pick<
  Selectable<CollectionTable<'recurrences'>>,
  'id' | 'channel' | 'show' | 'timeZone' | 'durationSec' | 'exceptions'
>;

/** Reads the organization's recurrence `id`, or undefined when it is not theirs or gone. */
export async function findRecurrence(
  trx: Kysely<Database>,
  id: string,
  organization: string,
): Promise<InstanceRecurrence | undefined> {
  return trx
    .selectFrom('recurrences')
    .select(['id', 'channel', 'show', 'timeZone', 'durationSec', 'exceptions'])
    .where('id', '=', id)
    .where('organization', '=', organization)
    .executeTakeFirst();
}

/** Saves a recurrence's exceptions (JSON) and dates the change. */
export async function saveRecurrenceExceptions(
  trx: Kysely<Database>,
  id: string,
  exceptions: string,
  updated: string,
): Promise<void> {
  await trx.updateTable('recurrences').set({ exceptions, updated }).where('id', '=', id).execute();
}
