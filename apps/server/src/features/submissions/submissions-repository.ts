import { accentColorOf, EDITOR_ROLES, type PublicStation } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

// The submissions' reads beside the record API: the station a form names, a status link's
// submission, and who reviews.

export interface SubmissionStation extends PublicStation {
  /** The texts a producer accepts on the form. */
  licence: string;
  policy: string;
}

export class SubmissionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A station taking submissions, by slug or id: any organization not archived. */
  async station(key: string): Promise<SubmissionStation | undefined> {
    // No id or slug is this long or holds a NUL (PostgreSQL would refuse to look for one).
    if (key === '' || key.length > 64 || key.includes('\0')) return undefined;
    const row = await this.db
      .selectFrom('organizations')
      .select([
        'id',
        'slug',
        'name',
        'timeZone',
        'logo',
        'branding',
        'submissionLicence',
        'submissionPolicy',
      ])
      .where((eb) => eb.or([eb('slug', '=', key), eb('id', '=', key)]))
      .where('archivedAt', '=', '')
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      timeZone: row.timeZone,
      logo: row.logo,
      accentColor: accentColorOf(row.branding),
      licence: row.submissionLicence,
      policy: row.submissionPolicy,
    };
  }

  /** Whether a guest holding `token` may send the file of that submission now. */
  async awaitsFile(id: string, token: string): Promise<boolean> {
    if (!token) return false;
    const row = await this.db
      .selectFrom('submissions')
      .select('id')
      .where('id', '=', id)
      .where('statusToken', '=', token)
      .where('awaitingFile', '=', true)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Takes a submission's wait for its file for one finished upload: one conditional update, so
   * of parallel uploads holding the token only one is saved (and announced).
   */
  async claimFile(id: string, token: string): Promise<boolean> {
    if (!token) return false;
    const result = await this.db
      .updateTable('submissions')
      .set({ awaitingFile: false })
      .where('id', '=', id)
      .where('statusToken', '=', token)
      .where('awaitingFile', '=', true)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives a claim back: the claimed file could not be saved, so the submission waits again. */
  async releaseFile(id: string): Promise<void> {
    await this.db
      .updateTable('submissions')
      .set({ awaitingFile: true })
      .where('id', '=', id)
      .where('awaitingFile', '=', false)
      .where('status', '=', 'pending')
      .execute();
  }

  /**
   * File submissions begun before `before` whose file never came (a page at a time). One the
   * station has reviewed (a new version's file that never came) stays: staff know of it.
   */
  async abandoned(before: string, limit = 500): Promise<string[]> {
    const rows = await this.db
      .selectFrom('submissions')
      .select('id')
      .where('awaitingFile', '=', true)
      .where('reviewNote', '=', '')
      .where('created', '<', before)
      .limit(limit)
      .execute();
    return rows.map(({ id }) => id);
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
        's.awaitingFile as awaitingFile',
        's.description as description',
        's.category as category',
        's.rating as rating',
        's.language as language',
        's.durationSec as durationSec',
        's.mediaUrl as mediaUrl',
        's.media as media',
        's.organization as organization',
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
