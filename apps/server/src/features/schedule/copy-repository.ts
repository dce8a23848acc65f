import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

// The copy endpoint's reads, inside its transaction: only the organization's own rows.

export interface CopyChannel {
  id: string;
  name: string;
  timeZone: string;
}

/** The organization's channels, all or the listed ones, by name. */
export async function organizationChannels(
  trx: Kysely<Database>,
  organization: string,
  ids: readonly string[],
): Promise<CopyChannel[]> {
  let query = trx
    .selectFrom('channels')
    .select(['id', 'name', 'timeZone'])
    .where('organization', '=', organization);
  if (ids.length > 0) query = query.where('id', 'in', ids);
  return query.orderBy('name').orderBy('id').execute();
}

export interface SourceAiring {
  id: string;
  show: string;
  title: string;
  start: number;
  durationSec: number;
  note: string;
}

/** The channel's scheduled timeslots starting in [from, to), in start order, with titles. */
export async function scheduledBetween(
  trx: Kysely<Database>,
  organization: string,
  channel: string,
  from: number,
  to: number,
): Promise<SourceAiring[]> {
  const rows = await trx
    .selectFrom('timeslots as t')
    .innerJoin('shows as s', (join) =>
      join.onRef('s.id', '=', 't.show').onRef('s.organization', '=', 't.organization'),
    )
    .select([
      't.id as id',
      't.show as show',
      's.title as title',
      't.start as start',
      't.durationSec as durationSec',
      't.note as note',
    ])
    .where('t.organization', '=', organization)
    .where('t.channel', '=', channel)
    .where('t.status', '<>', 'cancelled')
    .where('t.start', '>=', toRecordDate(from))
    .where('t.start', '<', toRecordDate(to))
    .orderBy('t.start')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    show: row.show,
    title: row.title,
    start: fromRecordDate(row.start) ?? 0,
    durationSec: Number(row.durationSec),
    note: row.note,
  }));
}
