import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorEnvelope } from '../errors/api-error.js';

// Fastify's own errors that a client causes, and the message each one gets.
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: '' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported request body type: send JSON, multipart/form-data or a url-encoded form.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'The request body is empty but its Content-Type says JSON.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: 'Failed to read the request body: it is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The Content-Length header does not match the request body.',
  },
};

// PostgreSQL's refusals of text it cannot hold, which only a client's value can bring (every
// string we send is valid UTF-8 once encoded): 22021 for a NUL in text, 22P05 for a NUL or an
// unpaired surrogate escaped in jsonb. SQLite stores both, so without this a NUL in, say, an
// email to sign in with would be a 500 on PostgreSQL alone. Record values are refused earlier
// with a field error (record-input.ts); this covers every other way a string reaches a query.
const UNSTORABLE_TEXT: Record<string, string> = {
  '22021': 'The request contains a NUL character (U+0000), which is not accepted.',
  '22P05':
    'The request contains a character that cannot be stored: a NUL (U+0000) or an unpaired surrogate.',
};

function unstorableText(error: unknown): string | undefined {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && typeof severity === 'string'
    ? UNSTORABLE_TEXT[code]
    : undefined;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A browser's request for a page (not the API, not a script's fetch of JSON). */
function wantsPage(request: FastifyRequest): boolean {
  if (isApiPath(request.url)) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return /text\/html/i.test(request.headers.accept ?? '');
}

/**
 * What a browser shows when a page failed on the server: self-contained (no script, style sheet
 * or image that could fail too), saying what happened and what to do, without internals.
 */
export const SERVER_ERROR_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong · Airgrid</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Something went wrong on our side</h1>
<p>The server could not show this page (error 500). It has been logged. Try again in a moment, or go back to <a href="/">the start page</a>.</p>
</body>
</html>
`;

/**
 * Fastify's `frameworkErrors` option (pass it to `Fastify({ frameworkErrors })`): the errors its
 * router raises before any hook or error handler runs, such as FST_ERR_BAD_URL for a path with
 * a malformed percent code (`/api/collections/%zz/records`), answered in the envelope too
 * instead of Fastify's own `{error, code, message, statusCode}`.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The URL is malformed: a percent sign must start a valid percent-encoded UTF-8 sequence.'
      : '';
  reply.code(status).send(errorEnvelope(status, message));
}

/**
 * Maps every error to the JSON envelope of API-CONTRACT §1.1: ApiErrors keep their status and
 * field errors; Fastify's client errors get a status and a plain message; anything unexpected
 * is logged with its stack and answered as a bare 500, so internals never leak.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  fallback: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send(errorEnvelope(error.status, error.message, error.data));
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply.code(known.status).send(errorEnvelope(known.status, known.message));
    }
    // A JSON syntax error from Fastify's body parser carries statusCode 400 but no FST code.
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply
        .code(400)
        .send(errorEnvelope(400, CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY?.message));
    }
    const unstorable = unstorableText(error);
    if (unstorable) return reply.code(400).send(errorEnvelope(400, unstorable));
    if (error.validation) {
      return reply.code(400).send(errorEnvelope(400, error.message));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      // A page a browser asked for gets a page, with the status crawlers and monitors read.
      if (wantsPage(request)) return reply.code(500).type('text/html').send(SERVER_ERROR_PAGE);
      return reply.code(500).send(errorEnvelope(500));
    }
    return reply.code(status).send(errorEnvelope(status));
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(errorEnvelope(404));
    }
    return fallback(request, reply);
  });
}
