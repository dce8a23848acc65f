import type { CollectionDefinition } from '@airgrid/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { readBody } from '../http/request-body.js';
import { recordRequest } from '../http/request-context.js';
import { type AuthFlowService, VALIDATION_FAILED } from './auth-flow-service.js';
import { type AuthService, type AuthState, PASSWORD_IDENTITY_FIELDS } from './auth-service.js';
import { type LoginThrottle, LoginThrottledError } from './login-throttle.js';
import type { OAuth2Service } from './oauth2/oauth2-service.js';

interface CollectionParams {
  collection: string;
}

export interface AuthRouteServices {
  auth: AuthService;
  flows: AuthFlowService;
  logins: LoginThrottle;
  oauth2: OAuth2Service;
}

function requiredText(body: Record<string, unknown>, keys: string[]) {
  const errors: Record<string, { code: string; message: string }> = {};
  for (const key of keys) {
    const value = body[key];
    if (typeof value !== 'string' || value.trim() === '') {
      errors[key] = { code: 'validation_required', message: 'Cannot be blank.' };
    } else if (value.length > 255) {
      errors[key] = {
        code: 'validation_length_out_of_range',
        message: 'The length must be between 1 and 255.',
      };
    }
  }
  if (Object.keys(errors).length) throw new ApiError(400, VALIDATION_FAILED, errors);
}

/** The request's auth state when it is a record of this collection (401 / 403 otherwise). */
function requireSameCollection(
  request: FastifyRequest,
  collection: CollectionDefinition,
): AuthState {
  const state = request.auth;
  if (!state) throw new ApiError(401, 'The request requires valid record authorization token.');
  if (state.collection.id !== collection.id) {
    throw new ApiError(403, `The request requires auth record from ${collection.name} collection.`);
  }
  return state;
}

/** Sign-in and account endpoints of auth collections (API-CONTRACT §5.2). */
export function authRoutes({ auth, flows, logins, oauth2 }: AuthRouteServices) {
  return async (app: FastifyInstance) => {
    // Mails still on their way when the server stops are sent before it closes.
    app.addHook('onClose', async () => flows.idle());

    app.get<{ Params: CollectionParams }>(
      '/api/collections/:collection/auth-methods',
      async (request, reply) => {
        const collection = auth.authCollection(request.params.collection);
        const providers = await oauth2.methods(collection);
        // Each answer holds a fresh PKCE pair: never cached, never shared.
        reply.header('cache-control', 'no-store');
        return {
          password: { enabled: true, identityFields: PASSWORD_IDENTITY_FIELDS },
          oauth2: { enabled: oauth2.enabledFor(collection), providers },
          mfa: { enabled: false, duration: 0 },
          otp: { enabled: false, duration: 0 },
          authProviders: providers,
          usernamePassword: false,
          emailPassword: true,
        };
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/auth-with-password',
      async (request, reply) => {
        const collection = auth.authCollection(request.params.collection);
        const body = await readBody(request);
        requiredText(body, ['identity', 'password']);
        if (
          body.identityField !== undefined &&
          (typeof body.identityField !== 'string' ||
            !PASSWORD_IDENTITY_FIELDS.includes(body.identityField))
        ) {
          throw new ApiError(400, VALIDATION_FAILED, {
            identityField: { code: 'validation_in_invalid', message: 'Must be a valid value.' },
          });
        }
        const identity = String(body.identity);
        const record = await logins
          .attempt(`${collection.id}:${identity}`, request.ip, () =>
            auth.withPassword(collection, identity, String(body.password)),
          )
          .catch((error: unknown) => {
            // The error envelope keeps headers set before it: say when to try again.
            if (error instanceof LoginThrottledError) {
              reply.header('Retry-After', String(error.retryAfterSeconds));
            }
            throw error;
          });
        return auth.response(collection, record, recordRequest(request));
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/auth-with-oauth2',
      async (request) => {
        const collection = auth.authCollection(request.params.collection);
        const body = await readBody(request);
        const { record, meta } = await oauth2.signIn(
          collection,
          body,
          recordRequest(request, body),
        );
        return { ...auth.response(collection, record, recordRequest(request)), meta };
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/auth-refresh',
      async (request) => {
        const collection = auth.authCollection(request.params.collection);
        const state = requireSameCollection(request, collection);
        const token = state.claims.refreshable ? undefined : state.token;
        return auth.response(collection, state.record, recordRequest(request), token);
      },
    );

    // The account flows that go through a mailbox answer 204 with no body.
    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/request-password-reset',
      async (request, reply) => {
        const collection = auth.authCollection(request.params.collection);
        await flows.requestPasswordReset(collection, await readBody(request));
        return reply.code(204).send();
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/confirm-password-reset',
      async (request, reply) => {
        const collection = auth.authCollection(request.params.collection);
        await flows.confirmPasswordReset(collection, await readBody(request));
        return reply.code(204).send();
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/request-verification',
      async (request, reply) => {
        const collection = auth.authCollection(request.params.collection);
        await flows.requestVerification(collection, await readBody(request));
        return reply.code(204).send();
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/confirm-verification',
      async (request, reply) => {
        const collection = auth.authCollection(request.params.collection);
        await flows.confirmVerification(collection, await readBody(request));
        return reply.code(204).send();
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/request-email-change',
      async (request, reply) => {
        const collection = auth.authCollection(request.params.collection);
        const state = requireSameCollection(request, collection);
        await flows.requestEmailChange(collection, state, await readBody(request));
        return reply.code(204).send();
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/confirm-email-change',
      async (request, reply) => {
        const collection = auth.authCollection(request.params.collection);
        await flows.confirmEmailChange(collection, await readBody(request));
        return reply.code(204).send();
      },
    );
  };
}
