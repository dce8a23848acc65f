import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// The members page shows when each member joined the organization and when they last signed
// in. Both are written by the server only: `joined` when a user takes an organization (creating
// it, or accepting an invite), `lastSignIn` when a password sign-in succeeds.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  await db.schema.alterTable('users').addColumn('joined', c.types.text, c.date).execute();
  await db.schema.alterTable('users').addColumn('lastSignIn', c.types.text, c.date).execute();
  // Members who joined before this migration: the best date known is their account's.
  await db
    .updateTable('users' as never)
    .set({ joined: (eb: { ref(name: string): unknown }) => eb.ref('created') } as never)
    .where('organization' as never, '!=', '' as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('lastSignIn').execute();
  await db.schema.alterTable('users').dropColumn('joined').execute();
}
