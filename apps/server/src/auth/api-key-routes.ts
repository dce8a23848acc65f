import { apiKeyCreate } from '@airgrid/schema/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../http/endpoint.js';
import { recordRequest } from '../http/request-context.js';
import type { ApiKeyService } from './api-keys.js';

/**
 * POST /api/v1/api-keys `{ name, role: "viewer" | "editor", expires? }` (its contract:
 * packages/schema/src/contracts/webhooks.ts): an owner or an admin makes a key for their
 * organization. Answers the `apiKeys` record with the key itself in `key`, the only time it is
 * ever sent. Listing, renaming and revoking (deleting) are record requests on `apiKeys`
 * (collections/api-keys.ts).
 */
export function apiKeyRoutes(apiKeys: ApiKeyService) {
  return async (app: FastifyInstance) => {
    registerEndpoint(
      app,
      apiKeyCreate,
      async ({ body }, request) => {
        const { record, key } = await apiKeys.create(body, recordRequest(request));
        // The server made the record, and a superuser's view holds hidden fields: not this one.
        const { keyHash: _hash, ...shown } = record;
        return { ...shown, key };
      },
      {
        authorize: (request) => apiKeys.requireAdmin(recordRequest(request)),
        check: ({ body }) => apiKeys.expiryProblems(body),
      },
    );
  };
}
