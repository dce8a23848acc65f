import type { Kysely } from 'kysely';
import { columns, dialectOf } from '../column-types.js';

// Issue 40, item 5: spots air through Airgrid playout. A spot's media is packaged like a show's
// (`playoutPackages.ad`), and the as-run log records each spot it aired: the ad and the
// placement it proves (`asRun.ad`, `asRun.placement`).
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(dialectOf(db));
  await db.schema.alterTable('playoutPackages').addColumn('ad', c.types.text, c.text).execute();
  await db.schema.alterTable('asRun').addColumn('ad', c.types.text, c.text).execute();
  await db.schema.alterTable('asRun').addColumn('placement', c.types.text, c.text).execute();
  await db.schema
    .createIndex('idx_playoutPackages_ad_profile')
    .on('playoutPackages')
    .columns(['ad', 'profile'])
    .execute();
  await db.schema.createIndex('idx_asRun_placement').on('asRun').columns(['placement']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_asRun_placement').execute();
  await db.schema.dropIndex('idx_playoutPackages_ad_profile').execute();
  await db.schema.alterTable('asRun').dropColumn('placement').execute();
  await db.schema.alterTable('asRun').dropColumn('ad').execute();
  await db.schema.alterTable('playoutPackages').dropColumn('ad').execute();
}
