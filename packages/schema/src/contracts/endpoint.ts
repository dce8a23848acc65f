import * as z from 'zod';

// One typed contract per /api/v1 endpoint (docs/decisions/0038-endpoint-contracts.md): its
// method, path, params, query, body and reply as zod schemas, declared once. The server
// validates with it (apps/server/src/http/endpoint.ts), the web app calls through it
// (apps/web/src/lib/api-client.ts, types only) and the OpenAPI document is made from it.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** What a contract declares. Params, query and body are objects; leave out what is not sent. */
export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify's pattern, `:name` for a path parameter: '/api/v1/webhooks/:id'. */
  path: `/api/v1/${string}`;
  /** One line for the document. */
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer of a success; for `replyType` other than JSON, what the bytes are. */
  reply: z.ZodType;
  /** The media type of a reply that is not JSON (a PDF, a feed, a playlist, a file). */
  replyType?: string;
  /** The success status when not 200 (201 for a creation). */
  status?: number;
  /**
   * The 400's top-level message when params, query or body fail their schema:
   * INVALID_INPUT_MESSAGE unless given; FIRST_PROBLEM for the first field's own message,
   * ALL_PROBLEMS for every field's, one after the other.
   */
  invalidMessage?: string;
}

/** A declared endpoint: the definition, and its key, `METHOD /path`. */
export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = D & {
  readonly key: `${D['method']} ${D['path']}`;
};

/** Declares an endpoint: its key (`POST /api/v1/schedule/place`) names it for the web client. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): Endpoint<D> {
  return { ...definition, key: `${definition.method} ${definition.path}` } as Endpoint<D>;
}

/** The top-level message of a 400 for input that failed its contract, unless it says another. */
export const INVALID_INPUT_MESSAGE = 'An error occurred while validating the submitted data.';

/** `invalidMessage` for a 400 whose message is its first field error's (the guide's). */
export const FIRST_PROBLEM = '(the first problem)';

/** `invalidMessage` for a 400 whose message is every field error's, one after the other. */
export const ALL_PROBLEMS = '(every problem)';

type Part<E, K extends 'params' | 'query' | 'body', Mode extends 'in' | 'out'> = E extends {
  [P in K]: infer S extends z.ZodType;
}
  ? Mode extends 'in'
    ? // A part the client may leave out altogether (every field optional) is optional.
      Record<string, never> extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> }
    : { [P in K]: z.output<S> }
  : { [P in K]?: undefined };

/** What a client sends: path params, query and body, as the contract's schemas take them. */
export type EndpointInput<E> = Part<E, 'params', 'in'> &
  Part<E, 'query', 'in'> &
  Part<E, 'body', 'in'>;

/** What the server's handler receives: the same, parsed (transforms applied). */
export type EndpointParsed<E> = Part<E, 'params', 'out'> &
  Part<E, 'query', 'out'> &
  Part<E, 'body', 'out'>;

/** What a success answers. */
export type EndpointReply<E> = E extends { reply: infer S extends z.ZodType } ? z.output<S> : never;

// PocketBase's field errors carry a code (`validation_required`, ...) beside the message; zod's
// issues carry zod's own code. A contract names the PocketBase code of each message it gives
// zod with `problem(code, message)`: the server's adapter finds the code again by the message.
// A message built at parse time (with a value in it) goes in a custom issue's params instead:
// `addProblem(ctx, path, code, message)`.

const CODES = new Map<string, string>();

/** A field error's message for zod, registered with its PocketBase code. */
export function problem(code: string, message: string): string {
  const known = CODES.get(message);
  if (known !== undefined && known !== code) {
    throw new Error(`The message "${message}" has two codes: ${known} and ${code}.`);
  }
  CODES.set(message, code);
  return message;
}

/** The PocketBase code `problem` registered for a message. */
export function problemCode(message: string): string | undefined {
  return CODES.get(message);
}

/** Adds a custom issue with its PocketBase code (for messages made from the input). */
export function addProblem(
  ctx: { addIssue(issue: z.core.$ZodRawIssue | z.core.$ZodSuperRefineIssue): void },
  path: (string | number)[],
  code: string,
  message: string,
): void {
  ctx.addIssue({ code: 'custom', path, message, params: { code }, input: undefined });
}

/**
 * A reply described by a TypeScript type the code already has, with a JSON shape of `{}` (a
 * large shared answer): its type is exact, its schema a description. A record is `recordReply`.
 */
export function typedReply<T>(description: string): z.ZodType<T> {
  return z.unknown().meta({ description }) as unknown as z.ZodType<T>;
}

/**
 * A reply that is a record of a collection as the records API sends it: its TypeScript type is
 * exact, and the OpenAPI document points at the collection's record schema (`x-record`).
 */
export function recordReply<T>(
  collection: string,
  description: string,
  options: { nullable?: boolean } = {},
): z.ZodType<T> {
  return z.unknown().meta({
    description,
    'x-record': collection,
    ...(options.nullable ? { 'x-nullable': true } : {}),
  }) as unknown as z.ZodType<T>;
}

/** The bytes of a reply that is not JSON (a PDF, a feed, a playlist, a caption file). */
export function bytesReply(description: string): z.ZodType<string> {
  return z.string().meta({ description, format: 'binary' });
}
