import { EDITOR_ROLES } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

// The submissions' reads beside the record API: the station a form names, a status link's
// submission, and who reviews.

export interface SubmissionStation {
  id: string;
  name: string;
}

export class SubmissionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A station taking submissions, by slug or id: any organization not archived. */
  station(key: string): Promise<SubmissionStation | undefined> {
    return this.db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where((eb) => eb.or([eb('slug', '=', key), eb('id', '=', key)]))
      .where('archivedAt', '=', '')
      .executeTakeFirst();
  }

  /** The submission a status link names, with its station's name. */
  byToken(token: string) {
    return this.db
      .selectFrom('submissions as s')
      .innerJoin('organizations as o', 'o.id', 's.organization')
      .select([
        's.id as id',
        's.title as title',
        's.status as status',
        's.reviewNote as reviewNote',
        's.created as created',
        's.updated as updated',
        'o.name as station',
      ])
      .where('s.statusToken', '=', token)
      .executeTakeFirst();
  }

  /** The organization's staff (editors and above): they hear of each new submission. */
  async staff(organization: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('organization', '=', organization)
      .where('role', 'in', [...EDITOR_ROLES])
      .execute();
    return rows.map(({ id }) => id);
  }

  async stationName(organization: string): Promise<string> {
    const row = await this.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organization)
      .executeTakeFirst();
    return row?.name ?? '';
  }
}
