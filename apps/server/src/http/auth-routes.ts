import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth-service.js';
import { ApiError } from './api-error.js';
import { readBody } from './request-body.js';
import { recordRequest } from './request-context.js';

interface CollectionParams {
  collection: string;
}

const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';

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

/** Sign-in endpoints of auth collections (API-CONTRACT §5.2). */
export function authRoutes(auth: AuthService) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: CollectionParams }>(
      '/api/collections/:collection/auth-methods',
      async (request) => {
        auth.authCollection(request.params.collection);
        return {
          password: { enabled: true, identityFields: ['email'] },
          oauth2: { enabled: false, providers: [] },
          mfa: { enabled: false, duration: 0 },
          otp: { enabled: false, duration: 0 },
          authProviders: [],
          usernamePassword: false,
          emailPassword: true,
        };
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/auth-with-password',
      async (request) => {
        const collection = auth.authCollection(request.params.collection);
        const body = await readBody(request);
        requiredText(body, ['identity', 'password']);
        if (body.identityField !== undefined && body.identityField !== 'email') {
          throw new ApiError(400, VALIDATION_FAILED, {
            identityField: { code: 'validation_in_invalid', message: 'Must be a valid value.' },
          });
        }
        const record = await auth.withPassword(
          collection,
          String(body.identity),
          String(body.password),
        );
        return auth.response(collection, record, recordRequest(request));
      },
    );

    app.post<{ Params: CollectionParams }>(
      '/api/collections/:collection/auth-refresh',
      async (request) => {
        const collection = auth.authCollection(request.params.collection);
        const state = request.auth;
        if (!state)
          throw new ApiError(401, 'The request requires valid record authorization token.');
        if (state.collection.id !== collection.id) {
          throw new ApiError(
            403,
            `The request requires auth record from ${collection.name} collection.`,
          );
        }
        const token = state.claims.refreshable ? undefined : state.token;
        return auth.response(collection, state.record, recordRequest(request), token);
      },
    );
  };
}
