import type { Kysely } from 'kysely';
import { jsonColumn } from '../../db/column-types.js';
import type { Database } from '../../db/tables.js';
import { claimRecurringRun } from '../../jobs/recurring-runs-repository.js';

/** The collections whose records stations archive rather than delete. */
export const ARCHIVED_COLLECTIONS = ['channels', 'shows', 'embeds'] as const;
export type ArchivedCollection = (typeof ARCHIVED_COLLECTIONS)[number];

/** An archived record old enough to be purged under the shortest retention there is. */
export interface ArchivedRecord {
  id: string;
  organization: string;
  archivedAt: string;
}

/** The reads and the claim of the daily archive purge. */
export class ArchiveRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Claims this run of a recurring job for this node (jobs/recurring-runs-repository.ts). */
  claim(job: string, now: number, everyMs: number): Promise<boolean> {
    return claimRecurringRun(this.db, job, now, everyMs);
  }

  /** Each organization's settings, for its retention. */
  async organizationSettings(): Promise<Map<string, unknown>> {
    const rows = await this.db.selectFrom('organizations').select(['id', 'settings']).execute();
    // PostgreSQL hands JSON back parsed; SQLite as its text.
    return new Map(rows.map((row) => [row.id, jsonColumn(row.settings)]));
  }

  /** Organizations archived after `after` and before `before`, oldest first. */
  async organizationsArchivedBetween(
    after: string,
    before: string,
    limit: number,
  ): Promise<ArchivedRecord[]> {
    return this.db
      .selectFrom('organizations')
      .select(['id', 'id as organization', 'archivedAt'])
      .where('archived', '=', true)
      .where('archivedAt', '!=', '')
      .where('archivedAt', '>', after)
      .where('archivedAt', '<', before)
      .orderBy('archivedAt')
      .limit(limit)
      .execute();
  }

  /** Records of the collection archived after `after` and before `before`, oldest first. */
  async archivedBetween(
    collection: ArchivedCollection,
    after: string,
    before: string,
    limit: number,
  ): Promise<ArchivedRecord[]> {
    return this.db
      .selectFrom(collection)
      .select(['id', 'organization', 'archivedAt'])
      .where('archivedAt', '!=', '')
      .where('archivedAt', '>', after)
      .where('archivedAt', '<', before)
      .orderBy('archivedAt')
      .limit(limit)
      .execute();
  }
}
