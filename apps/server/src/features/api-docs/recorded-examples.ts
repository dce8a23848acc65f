// Request and reply examples recorded from real replies of the demo station
// (record-examples.integration.test.ts writes recorded-examples.json; the OpenAPI document
// carries them). Pure: trimming a reply to an example, sanitising what must not be committed,
// and the normal form two recordings are compared in.

/** What one operation was called with and answered, by its key `GET /api/v1/guide`. */
export interface RecordedExample {
  /** Who called it: a guest or the demo station's owner. */
  as: 'guest' | 'owner';
  /** The request as sent: path and query parameters, and the JSON body. */
  request: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  };
  /** The replies by status: their media type and body (JSON, or the start of a text). */
  replies: Record<string, { contentType: string; body: unknown }>;
}

export interface RecordedExamples {
  note: string;
  operations: Record<string, RecordedExample>;
}

/** Items of a list kept in an example. */
const MAX_ITEMS = 2;
/** Characters of a JSON string kept in an example. */
const MAX_STRING = 160;
/** Lines of a text reply (a feed, a playlist) kept in an example. */
const MAX_LINES = 14;

/** The placeholder of a credential: sign-in tokens, status links, secrets. */
export const TOKEN_PLACEHOLDER = '<token>';

const SECRET_KEY = /token|secret/i;

/**
 * A reply made small enough to read: lists cut to two items, long strings cut, and credentials
 * (any key naming a token or a secret) replaced by a placeholder.
 */
export function trimReply(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (SECRET_KEY.test(key) && value !== '') return TOKEN_PLACEHOLDER;
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING - 1)}…` : value;
  }
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => trimReply(item));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, trimReply(item, name)]),
    );
  }
  return value;
}

/** The start of a text reply: its first lines, and `…` when there were more. */
export function trimText(text: string): string {
  const lines = text.split(/\r?\n/);
  const kept = lines
    .slice(0, MAX_LINES)
    .map((line) => (line.length > MAX_STRING ? `${line.slice(0, MAX_STRING - 1)}…` : line));
  return lines.length > MAX_LINES ? `${kept.join('\n')}\n…` : kept.join('\n');
}

const RECORD_ID = /\b[a-z0-9]{15}\b/g;
const DATE = /\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g;
const COMPACT_DATE = /\b\d{8}T?\d{6}Z?\b/g;

/**
 * The form two recordings are compared in: what varies between runs (record ids, dates and
 * times, credentials) becomes a placeholder, so only a change of shape or of stable values
 * (names, counts, fields) makes the committed file stale.
 */
export function normalise(value: unknown): unknown {
  if (typeof value === 'string') {
    return value
      .replace(DATE, '<date>')
      .replace(COMPACT_DATE, '<date>')
      .replace(RECORD_ID, (id) => (/\d/.test(id) ? '<id>' : id));
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [normalise(name), normalise(item)]),
    );
  }
  return value;
}
