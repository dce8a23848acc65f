/** Per-field validation detail, as the PocketBase wire contract sends it. */
export interface FieldError {
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

export type ErrorData = Record<string, FieldError | Record<string, unknown>>;

/** The default message for a status when a handler gives none (API-CONTRACT §1.1). */
const DEFAULT_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Something went wrong while processing your request.',
  401: 'Missing or invalid authentication.',
  403: 'You are not allowed to perform this request.',
  404: "The requested resource wasn't found.",
  413: 'Request entity too large.',
  429: 'Too Many Requests.',
  500: 'Something went wrong while processing your request.',
};

/**
 * An error a request can cause. Services throw it (or a subclass); the HTTP layer turns it into
 * the JSON error envelope. Anything else that escapes becomes a 500 with no details.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    message = '',
    readonly data: ErrorData = {},
  ) {
    super(message);
  }
}

/** Trims, upper-cases the first letter and ends with a full stop, like PocketBase's router. */
export function sentenize(message: string): string {
  const trimmed = message.trim();
  if (trimmed === '') return '';
  const capitalized = trimmed[0]?.toUpperCase() + trimmed.slice(1);
  return /[.?!]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

export interface ErrorEnvelope {
  data: ErrorData;
  message: string;
  status: number;
}

/** Builds the body of every 4xx/5xx response under /api: keys in PocketBase's order. */
export function errorEnvelope(status: number, message = '', data: ErrorData = {}): ErrorEnvelope {
  const fallback = DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[status >= 500 ? 500 : 400] ?? '';
  return { data, message: sentenize(message) || fallback, status };
}
