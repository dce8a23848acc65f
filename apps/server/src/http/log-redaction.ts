import { APP_PATHS } from '@airgrid/schema';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Fastify's logger settings, which are pino's. */
type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Secrets that travel in URLs, kept out of the log (docs/security.md, "Secrets stay out of the
 * logs"). A submission's status token, an invite, a file token, a password-reset link and an
 * OAuth2 code are each the whole of an access, and whoever reads a log line holding one can use
 * it. Every log line passes through here ({@link redactingLogger}): a top-level `url`, the `req`
 * of Fastify's own lines, an error's message and stack, and the message itself. So a new route
 * or a new log line needs nothing: a route is learnt as it is registered ({@link LogRedaction}).
 *
 * What is redacted, whatever the route:
 * - a path segment at a route parameter named as a secret (`:token`; {@link isSecretParam});
 * - the same on the web app's own pages (@airgrid/schema's APP_PATHS: the router does not
 *   know them, the app's fallback serves them), learnt from the one list of them;
 * - the value of a query key in {@link SECRET_QUERY_KEYS};
 * - anything shaped like a credential, in any place: API keys (`agk_…`, refused in a query
 *   string but still sent there by mistake), webhook secrets (`whsec_…`), JSON web tokens (auth
 *   and file tokens).
 */

export const REDACTED = '[redacted]';

/** A route parameter that holds a secret: `:token`, or a name ending in Token or Secret. */
export function isSecretParam(name: string): boolean {
  return /^(token|secret|code|password)$|(Token|Secret)$/.test(name);
}

/** Query keys whose values are secrets on any route. */
const SECRET_QUERY_KEYS: ReadonlySet<string> = new Set([
  // File tokens; the web app's password-reset, verification and email-change links.
  'token',
  // An invite mail's link to /onboarding.
  'invite',
  // OAuth2 redirects and their relatives.
  'code',
  'state',
  'code_verifier',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  // A key or password a script put where it does not belong (never accepted there).
  'key',
  'apikey',
  'api_key',
  'password',
  'secret',
]);

/** Credentials by their shape: API keys, webhook secrets, JSON web tokens. */
const CREDENTIAL =
  /(?:agk_|whsec_)[A-Za-z0-9_-]+|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g;

/** `key=value` in free text (a message naming a URL), for the keys above. */
const SECRET_PAIR = new RegExp(
  `([?&;](?:${[...SECRET_QUERY_KEYS].join('|')})=)[^&#\\s"'<>]*`,
  'gi',
);

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Free text with its secret query values and credentials replaced. */
export function redactText(text: string): string {
  return text.replace(SECRET_PAIR, `$1${REDACTED}`).replace(CREDENTIAL, REDACTED);
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const key = pair.slice(0, equals);
      return SECRET_QUERY_KEYS.has(decoded(key).toLowerCase()) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
}

interface SecretPattern {
  /** The pattern's segments; a parameter is null. */
  literals: (string | null)[];
  /** Where the secrets are. */
  secrets: number[];
}

function segmentsOf(path: string): string[] {
  // A trailing slash reaches the same route.
  return (path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : path).split('/');
}

/**
 * The server's routes as far as the log needs them: which paths are static (never redacted)
 * and which patterns put a secret in a segment. Paths are matched segment by segment, not by
 * the router: a line is logged for requests no route answers too (a typo, a wrong method), and
 * the secret in those is as real.
 */
export class LogRedaction {
  readonly #static = new Set<string>();
  readonly #patterns: SecretPattern[] = [];

  constructor() {
    for (const page of APP_PATHS) this.learnRoute(page);
  }

  /** A registered route's path (Fastify's onRoute). */
  learnRoute(path: string): void {
    const segments = segmentsOf(path);
    if (!segments.some((segment) => segment.startsWith(':') || segment.includes('*'))) {
      this.#static.add(segments.join('/'));
      return;
    }
    const secrets: number[] = [];
    const literals = segments.map((segment, index) => {
      if (!segment.startsWith(':')) return segment.includes('*') ? null : segment;
      const name = /^:(\w+)/.exec(segment)?.[1] ?? '';
      if (isSecretParam(name)) secrets.push(index);
      return null;
    });
    if (secrets.length > 0) this.#patterns.push({ literals, secrets });
  }

  /** A URL (path and query) as a log line may show it. */
  url(url: string): string {
    const question = url.indexOf('?');
    const path = question < 0 ? url : url.slice(0, question);
    const query = question < 0 ? '' : url.slice(question + 1);
    return redactText(this.path(path) + (question < 0 ? '' : `?${redactQuery(query)}`));
  }

  private path(path: string): string {
    const segments = segmentsOf(path);
    if (this.#static.has(segments.join('/'))) return path;
    const redacted = new Set<number>();
    for (const { literals, secrets } of this.#patterns) {
      if (literals.length !== segments.length) continue;
      const matches = literals.every(
        // In any case: the web app's pages match so (and a wrong case costs only a segment).
        (literal, index) =>
          literal === null ||
          literal.toLowerCase() === decoded(segments[index] ?? '').toLowerCase(),
      );
      if (matches) for (const index of secrets) redacted.add(index);
    }
    if (redacted.size === 0) return path;
    const parts = path.split('/');
    for (const index of redacted) parts[index] = REDACTED;
    return parts.join('/');
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A copy of the error with its message and stack redacted, for the error serializer (the
 * thrown error itself is left alone: it may still be answered or rethrown).
 */
function redactedError(error: Error): Error {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error)) as Error, error);
  Object.defineProperty(copy, 'message', {
    value: redactText(String(error.message)),
    writable: true,
    configurable: true,
  });
  if (typeof error.stack === 'string')
    Object.defineProperty(copy, 'stack', {
      value: redactText(error.stack),
      writable: true,
      configurable: true,
    });
  return copy;
}

/** One argument of a log call, redacted. */
function redactArgument(redaction: LogRedaction, argument: unknown): unknown {
  if (typeof argument === 'string') return redactText(argument);
  if (argument instanceof Error) return redactedError(argument);
  if (!isPlainObject(argument)) return argument;
  const copy = { ...argument };
  if (typeof copy.url === 'string') copy.url = redaction.url(copy.url);
  if (copy.err instanceof Error) copy.err = redactedError(copy.err);
  return copy;
}

/**
 * The logger settings that send every line through `redaction`: Fastify's `req` serializer
 * (its own lines log the request), and a hook on every log call for the message, a top-level
 * `url` and an error.
 */
export function redactingLogger(
  redaction: LogRedaction,
): Pick<LoggerOptions, 'serializers' | 'hooks'> {
  return {
    serializers: {
      req: (request: FastifyRequest) =>
        // A route that keeps no address (the analytics beacons) logs none.
        request.routeOptions?.config?.anonymousAddress === true
          ? { method: request.method, url: redaction.url(request.url), host: request.host }
          : {
              method: request.method,
              url: redaction.url(request.url),
              host: request.host,
              remoteAddress: request.ip,
              remotePort: request.socket?.remotePort,
            },
    },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((argument: unknown) => redactArgument(redaction, argument));
        return method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}
