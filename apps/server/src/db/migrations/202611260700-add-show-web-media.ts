import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// A show's web copy (issue 18): H.264/AAC in MP4, made by the media-transcode job when browsers
// cannot play the media as it was uploaded.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  await db.schema.alterTable('shows').addColumn('webMedia', c.types.text, c.text).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shows').dropColumn('webMedia').execute();
}
