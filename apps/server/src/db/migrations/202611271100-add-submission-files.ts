import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// Issue 20: a submission's show as a file (resumable upload, probed for the review queue), and
// the licence and content policy each station writes for its submission form.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  const { text, bool, json } = c.types;
  for (const [name, type, constraint] of [
    ['media', text, c.text],
    ['awaitingFile', bool, c.bool],
    ['mediaInfo', json, c.jsonObject],
  ] as const) {
    await db.schema.alterTable('submissions').addColumn(name, type, constraint).execute();
  }
  for (const name of ['submissionLicence', 'submissionPolicy']) {
    await db.schema.alterTable('organizations').addColumn(name, text, c.text).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['media', 'awaitingFile', 'mediaInfo']) {
    await db.schema.alterTable('submissions').dropColumn(name).execute();
  }
  for (const name of ['submissionLicence', 'submissionPolicy']) {
    await db.schema.alterTable('organizations').dropColumn(name).execute();
  }
}
