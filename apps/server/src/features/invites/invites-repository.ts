import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
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
  constructor(private readonly db: Kysely<Database>) {}

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

  /** Ids of the organization's owners and admins, who hear when someone joins. */
  async adminsOf(organization: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('organization', '=', organization)
      .where('role', 'in', ['owner', 'admin'])
      .execute();
    return rows.map((row) => row.id);
  }

  /** Makes the user a member with the invite's role and marks the invite used, atomically. */
  async accept(invite: PendingInvite, userId: string, now: number): Promise<void> {
    const updated = toRecordDate(now);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ organization: invite.organization, role: invite.role, updated })
        .where('id', '=', userId)
        .execute();
      await trx
        .updateTable('invites')
        .set({ accepted: true, updated })
        .where('id', '=', invite.id)
        .execute();
    });
  }
}
