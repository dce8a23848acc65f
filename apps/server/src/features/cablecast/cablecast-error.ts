/** What went wrong talking to a Cablecast server, as a station admin can act on it. */
export type CablecastErrorKind =
  /** The address cannot be read (see packages/schema/src/contracts/cablecast-url.ts). */
  | 'invalid-url'
  /** The credentials are not `user:password`. */
  | 'invalid-credentials'
  /** The server's name does not resolve. */
  | 'dns'
  /**
   * The address is on a private, loopback or link-local network, which Airgrid does not reach
   * unless the operator set CABLECAST_ALLOW_PRIVATE=true (docs/security.md).
   */
  | 'blocked'
  /** The server redirected to another host, or too many times. */
  | 'redirect'
  /** The host answered but nothing listens on the port. */
  | 'refused'
  /** No route to the host or its network. */
  | 'unreachable'
  /** The TLS handshake failed: an expired, self-signed or mismatched certificate. */
  | 'tls'
  /** No answer (or not all of it) within the request's time limit. */
  | 'timeout'
  /** The connection broke in another way (reset, closed mid-answer). */
  | 'network'
  /** 401 or 403: the credentials were refused, or the server wants some. */
  | 'unauthorized'
  /** The address answers, but not with Cablecast's API (HTML, 404, JSON of another shape). */
  | 'not-cablecast'
  /** Another HTTP error status from the server. */
  | 'http'
  /** The answer is larger than the client reads. */
  | 'too-large'
  /** The caller cancelled the request through its AbortSignal. */
  | 'aborted';

/**
 * A failed call to a Cablecast server. `message` is written for the station admin who pressed
 * "Test connection" or reads the sync report; `kind` is for code; `cause` keeps the original
 * error for the logs.
 */
export class CablecastError extends Error {
  override readonly name = 'CablecastError';
  readonly kind: CablecastErrorKind;
  /** The HTTP status when the server answered with one. */
  readonly status: number | undefined;
  /** The URL asked for, without credentials (the client never puts them in the URL). */
  readonly url: string | undefined;

  constructor(
    kind: CablecastErrorKind,
    message: string,
    details: { status?: number; url?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.url = details.url;
  }
}

/** The `code` of an error or of the errors in its `cause` chain (undici wraps the socket's). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause, errors } = current as {
      code?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') codes.push(code);
    // Happy-eyeballs connects (IPv4 and IPv6) fail with an AggregateError of both attempts.
    if (Array.isArray(errors)) codes.push(...errors.flatMap((inner) => errorCodes(inner)));
    current = cause;
  }
  return codes;
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'EPROTO',
]);

function isTlsCode(code: string): boolean {
  return (
    TLS_CODES.has(code) ||
    code.startsWith('CERT_') ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('ERR_TLS_')
  );
}

/** Why a private address is not reached, and what the operator can do about it. */
export function privateAddressMessage(host: string): string {
  return `${host} is on a private, loopback or link-local network, which Airgrid does not connect to from here. If your Cablecast server is on your station's own network, the person who runs Airgrid can allow it (CABLECAST_ALLOW_PRIVATE=true).`;
}

/** A time limit for a message: "30 s", or "150 ms" below a second (tests use such limits). */
export function secondsText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 1000)} s`;
}

/**
 * Classifies what `fetch` threw (or a body read failed with) into a CablecastError. `host` is
 * the server's host name for the messages, `timeoutMs` the limit the request had.
 */
export function classifyFetchFailure(
  error: unknown,
  context: { host: string; url: string; timeoutMs: number; callerAborted: boolean },
): CablecastError {
  if (error instanceof CablecastError) return error;
  const { host, url, timeoutMs } = context;
  const name = typeof error === 'object' && error !== null ? (error as Error).name : '';
  if (context.callerAborted) {
    return new CablecastError('aborted', 'The request to the Cablecast server was cancelled.', {
      url,
      cause: error,
    });
  }
  const codes = errorCodes(error);
  if (codes.includes('EBLOCKED')) {
    return new CablecastError('blocked', privateAddressMessage(host), { url, cause: error });
  }
  if (codes.includes('EREDIRECT')) {
    return new CablecastError(
      'redirect',
      `${(error as Error).message} Airgrid follows redirects only on the same server.`,
      { url, cause: error },
    );
  }
  const timeout = `The server did not answer within ${secondsText(timeoutMs)}.`;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new CablecastError('timeout', timeout, { url, cause: error });
  }
  if (codes.some((code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')) {
    return new CablecastError('dns', `${host} could not be found (DNS).`, { url, cause: error });
  }
  if (codes.includes('ECONNREFUSED')) {
    return new CablecastError(
      'refused',
      `${host} refused the connection: nothing answers at that address and port.`,
      { url, cause: error },
    );
  }
  if (codes.some(isTlsCode)) {
    return new CablecastError(
      'tls',
      `The secure connection to ${host} failed: its certificate is not valid (${codes.find(isTlsCode)}). Ask whoever runs the server to fix the certificate, or use http:// if the server offers it.`,
      { url, cause: error },
    );
  }
  if (codes.some((code) => code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT')) {
    return new CablecastError('timeout', `${host} did not accept a connection in time.`, {
      url,
      cause: error,
    });
  }
  if (codes.some((code) => code === 'EHOSTUNREACH' || code === 'ENETUNREACH')) {
    return new CablecastError('unreachable', `${host} cannot be reached from this server.`, {
      url,
      cause: error,
    });
  }
  return new CablecastError(
    'network',
    `The connection to ${host} failed${codes[0] ? ` (${codes[0]})` : ''}.`,
    { url, cause: error },
  );
}
