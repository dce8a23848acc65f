import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import { adminsOf } from '../../collections/memberships-repository.js';
import type { Database } from '../../db/tables.js';

export interface PendingInvite {
  id: string;
  organization: string;
  organizationName: string;
  email: string;
  role: string;
  expires: string;
}

/** Invite lookups and the join itself, which writes the user and the invite together. */
export class InvitesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** Told after a join: the user's organization and role changed (auth/auth-cache.ts). */
    private readonly usersChanged: () => void = () => {},
  ) {}

  /** The unaccepted, unexpired invite with this token, with its organization's name. */
  async findPending(token: string, now: number): Promise<PendingInvite | undefined> {
    if (token === '') return undefined;
    return this.db
      .selectFrom('invites')
      .innerJoin('organizations', 'organizations.id', 'invites.organization')
      .select([
        'invites.id as id',
        'invites.organization as organization',
        'organizations.name as organizationName',
        'invites.email as email',
        'invites.role as role',
        'invites.expires as expires',
      ])
      .where('invites.token', '=', token)
      .where('invites.accepted', '=', false)
      .where('invites.expires', '>', toRecordDate(now))
      .executeTakeFirst();
  }

  /** The organization's name, for the invite mail. */
  async organizationName(organization: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organization)
      .executeTakeFirst();
    return row?.name;
  }

  /** An unaccepted invite of this organization by id, token included (for a resend). */
  async findUnaccepted(id: string, organization: string) {
    return this.db
      .selectFrom('invites')
      .select(['id', 'organization', 'email', 'role', 'token', 'expires'])
      .where('id', '=', id)
      .where('organization', '=', organization)
      .where('accepted', '=', false)
      .executeTakeFirst();
  }

  /** Gives an unaccepted invite a new expiry (a resend starts its week again). */
  async extend(id: string, expires: string, updated: string): Promise<void> {
    await this.db
      .updateTable('invites')
      .set({ expires, updated })
      .where('id', '=', id)
      .where('accepted', '=', false)
      .execute();
  }

  /** Ids of the organization's owners and admins, who hear when someone joins. */
  adminsOf(organization: string): Promise<string[]> {
    return adminsOf(this.db, organization);
  }

  /**
   * Makes the user a member with the invite's role and marks the invite used, in one
   * transaction of two conditional updates, so parallel accepts cannot both win: the invite
   * goes from unaccepted (and unexpired) to accepted once ('gone' for every other try), and the
   * user takes an organization only while they have none ('member' otherwise, and the invite
   * stays unused). On PostgreSQL a second update of the same row waits for the first to commit
   * and then re-checks its condition; on SQLite transactions take turns.
   */
  async accept(invite: PendingInvite, userId: string, now: number): Promise<AcceptOutcome> {
    const updated = toRecordDate(now);
    try {
      await this.db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('invites')
          .set({ accepted: true, updated })
          .where('id', '=', invite.id)
          .where('accepted', '=', false)
          .where('expires', '>', updated)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) === 0) throw new AcceptRefused('gone');
        const joined = await trx
          .updateTable('users')
          .set({ organization: invite.organization, role: invite.role, joined: updated, updated })
          .where('id', '=', userId)
          .where((eb) => eb.or([eb('organization', '=', ''), eb('organization', 'is', null)]))
          .executeTakeFirst();
        if (Number(joined.numUpdatedRows) === 0) throw new AcceptRefused('member');
      });
    } catch (error) {
      if (error instanceof AcceptRefused) return error.outcome;
      throw error;
    }
    this.usersChanged();
    return 'joined';
  }
}

/** How an accept ended: joined, the invite was used or expired meanwhile, or the user had joined. */
export type AcceptOutcome = 'joined' | 'gone' | 'member';

/** Rolls the accept's transaction back with the outcome to report. */
class AcceptRefused extends Error {
  constructor(readonly outcome: Exclude<AcceptOutcome, 'joined'>) {
    super(outcome);
  }
}
