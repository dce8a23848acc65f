import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database, Transaction } from '../db/tables.js';

// The slugs organizations used to have (table _organization_slugs). The organizations hooks
// write them when a slug changes; the public pages, the feeds and the stations API read them to
// answer an old URL with a permanent redirect to the current slug.

/** True when `slug` is a former slug of an organization other than `except`. */
export async function isFormerSlugOfAnother(
  trx: Transaction,
  slug: string,
  except: string | null,
): Promise<boolean> {
  let query = trx.selectFrom('_organization_slugs').select('organization').where('slug', '=', slug);
  if (except !== null) query = query.where('organization', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Keeps `former` as the organization's old slug, in the transaction that gives it `current`;
 * `current` stops being a former slug (an organization may take an old slug back).
 */
export async function keepFormerSlug(
  trx: Transaction,
  organization: string,
  former: string,
  current: string,
  now: number,
): Promise<void> {
  await trx
    .deleteFrom('_organization_slugs')
    .where('slug', '=', current)
    .where('organization', '=', organization)
    .execute();
  await trx
    .insertInto('_organization_slugs')
    .values({ slug: former, organization, created: toRecordDate(now) })
    .onConflict((conflict) => conflict.column('slug').doUpdateSet({ organization }))
    .execute();
}

/** Forgets an organization's former slugs, in the transaction that deletes it. */
export async function forgetFormerSlugs(trx: Transaction, organization: string): Promise<void> {
  await trx.deleteFrom('_organization_slugs').where('organization', '=', organization).execute();
}

/** The current slug of the organization that used to be called `former`, or null. */
export async function currentSlugFor(db: Kysely<Database>, former: string): Promise<string | null> {
  if (former === '' || former.length > 64 || former.includes('\0')) return null;
  const row = await db
    .selectFrom('_organization_slugs')
    .innerJoin('organizations', 'organizations.id', '_organization_slugs.organization')
    .select('organizations.slug')
    .where('_organization_slugs.slug', '=', former)
    .executeTakeFirst();
  return row?.slug ?? null;
}
