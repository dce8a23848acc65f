import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { type AuthState, type RequestContext, SUPERUSERS } from '../request-types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified auth state of the request's token, or null for a guest. */
    auth: AuthState | null;
  }
}

/** What reads a token: the AuthService, which main.ts passes to mountRoutes. */
export interface TokenVerifier {
  verify(token: string, type: 'auth'): Promise<AuthState | null>;
}

/**
 * Reads the Authorization header on every request (a raw token, or "Bearer <token>"). A missing,
 * invalid or expired token is not an error: the request continues as a guest (API-CONTRACT §1.2).
 */
export function registerRequestAuth(app: FastifyInstance, auth: TokenVerifier): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const token = header.replace(/^bearer\s+/i, '').trim();
    if (token) request.auth = await auth.verify(token, 'auth');
  });
}

/**
 * The record engine's view of a request: who asks, with what body, query and headers (the
 * engine's RecordRequest is this RequestContext).
 */
export function recordRequest(
  request: FastifyRequest,
  body: Readonly<Record<string, unknown>> = {},
  context = 'default',
): RequestContext {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    query[key] = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.headers)) {
    if (key === 'authorization' || key === 'cookie') continue;
    headers[key.toLowerCase().replace(/-/g, '_')] = Array.isArray(value)
      ? value.join(',')
      : String(value ?? '');
  }
  const auth = request.auth;
  return {
    auth: auth ? { collection: auth.collection, record: auth.record } : null,
    isSuperuser: auth?.collection.name === SUPERUSERS,
    body,
    query,
    headers,
    method: request.method,
    context,
  };
}

/**
 * The superuser a superuser-only route is asked by (PocketBase's RequireSuperuserAuth,
 * API-CONTRACT §1.2): a guest is refused with 401, any other record (a member of any role, an
 * API key) with 403, before the route looks at anything else.
 */
export function requireSuperuser(request: FastifyRequest): AuthState {
  const auth = request.auth;
  if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  if (auth.collection.name !== SUPERUSERS)
    throw new ApiError(403, 'The authorized record is not allowed to perform this action.');
  return auth;
}
