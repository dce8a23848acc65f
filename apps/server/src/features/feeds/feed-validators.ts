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

/** Strips the weakness marker: If-None-Match compares weakly (RFC 9110 §13.1.2). */
function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** An instant as an HTTP date (IMF-fixdate, whole seconds). */
export function httpDate(epochMs: number): string {
  return new Date(epochMs).toUTCString();
}

/**
 * True when the client's copy is current, so the answer is 304: If-None-Match names the tag (or
 * is `*`); without If-None-Match, If-Modified-Since is no earlier than `lastModified` (whole
 * seconds, as HTTP dates carry). If-None-Match wins when both are sent, as RFC 9110 §13.2.2 asks.
 */
export function isNotModified(
  headers: { 'if-none-match'?: string | string[]; 'if-modified-since'?: string | string[] },
  etag: string,
  lastModified: number,
): boolean {
  const noneMatch = [headers['if-none-match'] ?? []].flat().join(',');
  if (noneMatch.trim() !== '') {
    if (noneMatch.trim() === '*') return true;
    const wanted = opaque(etag);
    return noneMatch.split(',').some((tag) => opaque(tag.trim()) === wanted);
  }
  const since = [headers['if-modified-since'] ?? []].flat()[0];
  if (!since) return false;
  const sinceMs = Date.parse(since);
  if (Number.isNaN(sinceMs)) return false;
  return Math.floor(lastModified / 1000) * 1000 <= sinceMs;
}
