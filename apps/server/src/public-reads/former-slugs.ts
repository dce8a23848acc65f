import type { FastifyReply } from 'fastify';

// An organization that changes its slug keeps its old public URLs: the pages under /o/{slug},
// its feeds and its stations API address answer 301 to the same URL with the current slug.
// main.ts hands the features the lookup (collections/organization-slugs-repository.ts); they
// ask it only when the slug finds no organization (or no kept page), so current URLs pay nothing.

/** The current slug of the organization that used to have `former`, or null when none did. */
export type CurrentSlugOf = (former: string) => Promise<string | null>;

/** Browsers and feed readers may remember the move for a day. */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/** `url` (path and query) with its path segment number `index` (1-based) set to `slug`. */
function withSlugAt(url: string, index: number, slug: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const segments = path.split('/');
  if (index >= segments.length) return url;
  segments[index] = encodeURIComponent(slug);
  return segments.join('/') + (query < 0 ? '' : url.slice(query));
}

/**
 * Answers 301 to the request's URL under the organization's current slug, when `key` (the
 * path's segment number `index`) is one of its former slugs; null (nothing sent) otherwise.
 */
export async function redirectFormerSlug(
  reply: FastifyReply,
  currentSlugOf: CurrentSlugOf,
  key: string,
  index: number,
): Promise<FastifyReply | null> {
  const current = await currentSlugOf(key);
  if (current === null || current === key) return null;
  return reply
    .header('Cache-Control', REDIRECT_CACHE_CONTROL)
    .redirect(withSlugAt(reply.request.url, index, current), 301);
}
