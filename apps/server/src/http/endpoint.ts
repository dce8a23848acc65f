import {
  ALL_PROBLEMS,
  type Endpoint,
  type EndpointParsed,
  FIRST_PROBLEM,
  INVALID_INPUT_MESSAGE,
  problemCode,
} from '@airgrid/schema/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type * as z from 'zod';
import { ApiError, type FieldError } from '../errors/api-error.js';
import { readBody } from './request-body.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The key of the contract a route was registered from (registerEndpoint). */
    endpoint?: string;
  }
}

// Routes declared by an endpoint contract (packages/schema/src/contracts, decision 0038): the
// contract's params, query and body schemas read the request; what they refuse is a 400 in
// PocketBase's envelope, `{ status, message, data: { field: { code, message } } }`.

type Parts = Partial<Record<'params' | 'query' | 'body', unknown>>;

export type ReadResult<E> =
  | { ok: true; value: EndpointParsed<E> }
  | { ok: false; message: string; errors: Record<string, FieldError> };

/** A body that is no JSON object reads as an empty one (the parsers before the contracts did). */
function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The PocketBase code of a zod issue: the contract's own, else what zod's code says. */
function codeOf(issue: z.core.$ZodIssue): string {
  const given = issue.code === 'custom' ? issue.params?.code : undefined;
  if (typeof given === 'string') return given;
  const registered = problemCode(issue.message);
  if (registered) return registered;
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    return 'validation_required';
  }
  return 'validation_invalid_value';
}

/**
 * Reads a request's parts with the contract. Each field keeps its first problem (the schemas list
 * them in the order the client should fix them); a field is the issue's path, dotted.
 */
export function readEndpointInput<E extends Endpoint>(
  endpoint: E,
  parts: Parts,
  serverProblems: Record<string, FieldError> = {},
): ReadResult<E> {
  const errors: Record<string, FieldError> = {};
  const value: Record<string, unknown> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = endpoint[part] as z.ZodType | undefined;
    if (!schema) continue;
    const result = schema.safeParse(asObject(parts[part]));
    if (result.success) {
      value[part] = result.data;
      continue;
    }
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      errors[field] ??= { code: codeOf(issue), message: issue.message };
    }
  }
  // The server's own rules (a check option) come after the contract's, a field's first kept.
  for (const [field, error] of Object.entries(serverProblems)) errors[field] ??= error;
  const first = Object.values(errors)[0];
  if (first) {
    const given = endpoint.invalidMessage ?? INVALID_INPUT_MESSAGE;
    const message =
      given === FIRST_PROBLEM
        ? first.message
        : given === ALL_PROBLEMS
          ? Object.values(errors)
              .map((error) => error.message)
              .join(' ')
          : given;
    return { ok: false, message, errors };
  }
  return { ok: true, value: value as EndpointParsed<E> };
}

export interface EndpointOptions extends RouteShorthandOptions {
  /**
   * Who may ask, checked before the input is read (a guest's empty body is a 401, not a 400):
   * throws an ApiError to refuse.
   */
  authorize?: (request: FastifyRequest) => unknown;
  /**
   * Rules the contract cannot hold because they need the server (its clock, its outbound
   * policy): given the request's parts as sent (params, query, body), answers field errors,
   * which join the contract's in one 400 (a field the contract refused keeps its own error).
   */
  check?: (
    parts: {
      params: Record<string, unknown>;
      query: Record<string, unknown>;
      body: Record<string, unknown>;
    },
    request: FastifyRequest,
  ) => Record<string, FieldError> | Promise<Record<string, FieldError>>;
}

export type EndpointHandler<E> = (
  input: EndpointParsed<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => unknown;

/**
 * Registers the contract's route: Fastify's method and path from the contract, the request read
 * with its schemas before the handler runs (after `authorize`). Other options are the route's
 * own (body limit, ...).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  { authorize, check, ...options }: EndpointOptions = {},
): void {
  app.route({
    ...options,
    config: { ...options.config, endpoint: endpoint.key },
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      await authorize?.(request);
      const parts = {
        params: asObject(request.params),
        query: asObject(request.query),
        // JSON, a url-encoded form or multipart's fields (@jsonPayload folded in).
        body: endpoint.body ? asObject(await readBody(request)) : {},
      };
      const input = readEndpointInput(endpoint, parts, await check?.(parts, request));
      if (!input.ok) throw new ApiError(400, input.message, input.errors);
      return handler(input.value, request, reply);
    },
  });
}
