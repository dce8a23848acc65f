import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { claimRecurringRun } from '../../jobs/recurring-runs-repository.js';

// The equipment reminders' SQL: what is overdue and what expires soon, not yet told.

/** A checked-out reservation past its end, with what its message names. */
export interface OverdueRow {
  id: string;
  member: string;
  ends: string;
  itemName: string;
  timeZone: string;
}

/** A certification that expires soon, with what its message names. */
export interface ExpiringRow {
  id: string;
  member: string;
  expires: string;
  kindName: string;
  timeZone: string;
}

/** Reminders sent per kind per run, at most: a backlog goes over several runs. */
const BATCH = 500;

export class EquipmentRemindersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  claim(now: number, everyMs: number): Promise<boolean> {
    return claimRecurringRun(this.db, 'equipment-reminders', now, everyMs);
  }

  /** Reservations out past their end whose member was not told yet. */
  overdue(now: number): Promise<OverdueRow[]> {
    return this.db
      .selectFrom('reservations as r')
      .innerJoin('equipment as e', 'e.id', 'r.equipment')
      .innerJoin('organizations as o', 'o.id', 'r.organization')
      .select(['r.id as id', 'r.member as member', 'r.ends as ends', 'e.name as itemName'])
      .select('o.timeZone as timeZone')
      .where('r.status', '=', 'out')
      .where('r.ends', '<', toRecordDate(now))
      .where('r.remindedAt', '=', '')
      .orderBy('r.ends')
      .limit(BATCH)
      .execute();
  }

  /** Certifications expiring within `withinMs` (and not yet expired) whose member was not told. */
  expiring(now: number, withinMs: number): Promise<ExpiringRow[]> {
    return this.db
      .selectFrom('certifications as c')
      .innerJoin('certificationKinds as k', 'k.id', 'c.kind')
      .innerJoin('organizations as o', 'o.id', 'c.organization')
      .select(['c.id as id', 'c.member as member', 'c.expires as expires', 'k.name as kindName'])
      .select('o.timeZone as timeZone')
      .where('c.expires', '!=', '')
      .where('c.expires', '>', toRecordDate(now))
      .where('c.expires', '<=', toRecordDate(now + withinMs))
      .where('c.remindedAt', '=', '')
      .orderBy('c.expires')
      .limit(BATCH)
      .execute();
  }
}
