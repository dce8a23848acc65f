// Realtime topics (API-CONTRACT §6.3): `collection`, `collection/*` or `collection/recordId`,
// optionally followed by `?options=<url-encoded JSON {"query": {...}, "headers": {...}}>`.

export interface Topic {
  /** The subscription string as the client sent it: also the SSE event name. */
  raw: string;
  /** Collection name or id. */
  collection: string;
  /** A single record, or null for the whole collection. */
  recordId: string | null;
  /** Options' query values (filter, expand, fields, ...), cast to strings. */
  query: Record<string, string>;
  /** Options' headers, names lower-cased and snake_cased, values strings. */
  headers: Record<string, string>;
}

export const MAX_TOPICS = 1000;
export const MAX_TOPIC_LENGTH = 2500;

/** Parses a subscription string, or returns null for one that names no collection. */
export function parseTopic(raw: string): Topic | null {
  const [path = '', search = ''] = splitOnce(raw, '?');
  const [collection = '', recordId = '*'] = splitOnce(path, '/');
  if (!/^[\w]+$/.test(collection)) return null;
  const topic: Topic = {
    raw,
    collection,
    recordId: recordId === '*' || recordId === '' ? null : recordId,
    query: {},
    headers: {},
  };
  const options = new URLSearchParams(search).get('options');
  if (options) {
    try {
      const parsed = JSON.parse(options) as {
        query?: Record<string, unknown>;
        headers?: Record<string, unknown>;
      };
      for (const [key, value] of Object.entries(parsed.query ?? {}))
        topic.query[key] = stringify(value);
      for (const [key, value] of Object.entries(parsed.headers ?? {})) {
        topic.headers[key.toLowerCase().replace(/-/g, '_')] = stringify(value);
      }
    } catch {
      // Unreadable options are ignored, as PocketBase does: the topic still subscribes.
    }
  }
  return topic;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const index = text.indexOf(separator);
  return index < 0 ? [text] : [text.slice(0, index), text.slice(index + 1)];
}

function stringify(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
