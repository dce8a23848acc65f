import { createHash } from 'node:crypto';

// ETag and Last-Modified for the feeds, decided before a byte of the body is read (RFC 9110
// §8.8 and §13.1). Players and calendar apps poll feeds every few minutes; most polls should end
// in a 304 that cost one small query.

/**
 * A weak entity tag for a feed built from these parts (what the feed is, its window, and the
 * fingerprint of its data). Weak, because the body is read after the tag is chosen: a write in
 * between makes it newer than the tag says (the next request then gets a new tag).
 */
export function feedEtag(parts: readonly unknown[]): string {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  return `W/"${digest.slice(0, 27)}"`;
}

// The 304 decision and HTTP dates are shared with every cached public read (public-reads/).
export { httpDate, isNotModified } from '../../public-reads/conditional-request.js';
