// Conditional requests (RFC 9110 §13.1): decided from validators alone, before any body is
// read, so a client whose copy is current costs no more than this comparison.

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
  /** Epoch ms; null when the resource has no Last-Modified (then only If-None-Match counts). */
  lastModified: number | null,
): boolean {
  const noneMatch = [headers['if-none-match'] ?? []].flat().join(',');
  if (noneMatch.trim() !== '') {
    if (noneMatch.trim() === '*') return true;
    const wanted = opaque(etag);
    return noneMatch.split(',').some((tag) => opaque(tag.trim()) === wanted);
  }
  const since = [headers['if-modified-since'] ?? []].flat()[0];
  if (!since || lastModified === null) return false;
  const sinceMs = Date.parse(since);
  if (Number.isNaN(sinceMs)) return false;
  return Math.floor(lastModified / 1000) * 1000 <= sinceMs;
}
