import { type Bar, fromRecordDate, toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

// The schedule endpoints' reads, always inside the write's transaction and after the channel's
// schedule lock (collections/timeslots-repository.ts), so what they read is what they change.

/** A scheduled timeslot as the domain's schedule operations see it, with its show's title. */
export interface ScheduleBar extends Bar {
  title: string;
}

const CANCELLED = 'cancelled';

/** One channel's schedule, inside its organization: nothing of another organization is read. */
export interface ScheduleScope {
  organization: string;
  channel: string;
}

type Row = {
  id: string;
  start: string;
  durationSec: number;
  locked: unknown;
  bundle: string;
  title: string;
};

function toBar(row: Row): ScheduleBar {
  const bar: ScheduleBar = {
    id: row.id,
    start: fromRecordDate(row.start) ?? 0,
    durationSec: Number(row.durationSec),
    title: row.title,
  };
  if (row.locked === true || row.locked === 1) bar.locked = true;
  if (row.bundle) bar.bundle = row.bundle;
  return bar;
}

function scheduled(trx: Kysely<Database>, { organization, channel }: ScheduleScope) {
  return trx
    .selectFrom('timeslots as t')
    .innerJoin('shows as s', (join) =>
      join.onRef('s.id', '=', 't.show').onRef('s.organization', '=', 't.organization'),
    )
    .select([
      't.id as id',
      't.start as start',
      't.durationSec as durationSec',
      't.locked as locked',
      't.bundle as bundle',
      's.title as title',
    ])
    .where('t.organization', '=', organization)
    .where('t.channel', '=', channel)
    .where('t.status', '<>', CANCELLED);
}

/**
 * The channel's scheduled timeslots that end after `from` (and start before `to`, if given),
 * earliest first, at most `limit`. Scheduled timeslots never overlap, so only the last one
 * starting before `from` can still be running then; the rest is one range of the
 * (channel, start) index.
 */
export async function barsEndingAfter(
  trx: Kysely<Database>,
  scope: ScheduleScope,
  from: number,
  bounds: { limit?: number; to?: number } = {},
): Promise<ScheduleBar[]> {
  const fromDate = toRecordDate(from);
  const running = await scheduled(trx, scope)
    .where('t.start', '<', fromDate)
    .orderBy('t.start', 'desc')
    .limit(1)
    .executeTakeFirst();
  let range = scheduled(trx, scope).where('t.start', '>=', fromDate);
  if (bounds.to !== undefined) range = range.where('t.start', '<', toRecordDate(bounds.to));
  range = range.orderBy('t.start').orderBy('t.id');
  if (bounds.limit !== undefined) range = range.limit(bounds.limit);
  const rows = await range.execute();
  const bars = rows.map(toBar);
  const first = running && toBar(running);
  return first && first.start + first.durationSec * 1000 > from ? [first, ...bars] : bars;
}

/** The channel's scheduled timeslots that start before `to`, latest first, at most `limit`. */
export async function barsStartingBefore(
  trx: Kysely<Database>,
  scope: ScheduleScope,
  to: number,
  { limit }: { limit: number },
): Promise<ScheduleBar[]> {
  const rows = await scheduled(trx, scope)
    .where('t.start', '<', toRecordDate(to))
    .orderBy('t.start', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toBar);
}

/** The channel's scheduled timeslots that overlap [from, to). */
export async function barsOverlapping(
  trx: Kysely<Database>,
  scope: ScheduleScope,
  from: number,
  to: number,
): Promise<ScheduleBar[]> {
  return barsEndingAfter(trx, scope, from, { to });
}

/** Every scheduled timeslot of the channel in these bundles (bundles move together). */
export async function bundleMembers(
  trx: Kysely<Database>,
  scope: ScheduleScope,
  bundles: readonly string[],
): Promise<ScheduleBar[]> {
  if (bundles.length === 0) return [];
  const rows = await scheduled(trx, scope).where('t.bundle', 'in', bundles).execute();
  return rows.map(toBar);
}

/** One scheduled timeslot of the channel, or undefined when it is not (or no longer) on it. */
export async function scheduledBar(
  trx: Kysely<Database>,
  scope: ScheduleScope,
  id: string,
): Promise<ScheduleBar | undefined> {
  const row = await scheduled(trx, scope).where('t.id', '=', id).executeTakeFirst();
  return row && toBar(row);
}

/**
 * The instances of a recurrence that are already timeslots: their occurrence keys, and their
 * starts (timeslots made before instances carried their key are known by start only).
 */
export async function madeInstances(
  trx: Kysely<Database>,
  recurrence: string,
): Promise<{ keys: Set<string>; starts: Set<number> }> {
  const rows = await trx
    .selectFrom('timeslots')
    .select(['start', 'occurrence'])
    .where('recurrence', '=', recurrence)
    .execute();
  return {
    keys: new Set(rows.map((row) => row.occurrence).filter((key) => key !== '')),
    starts: new Set(rows.map((row) => fromRecordDate(row.start) ?? 0)),
  };
}
