import type { ApiKeyRecord, ApiKeyRole } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// The API keys card's data: the organization's keys (owners and admins only: the server lists
// nothing to others), making one (the only answer that holds the key) and revoking one.

export const apiKeyKeys = {
  all: ['apiKeys'] as const,
  list: (organization: string) => ['apiKeys', organization] as const,
};

/** A new key's record with the key itself, which the server sends this once. */
export type CreatedApiKey = ApiKeyRecord & { key: string };

export function createApiKey(body: { name: string; role: ApiKeyRole; expires: string }) {
  return callEndpoint(pb, 'POST /api/v1/api-keys', { body });
}

export function revokeApiKey(id: string) {
  return pb.collection('apiKeys').delete(id);
}

/** Where scripts reach this server: the SDK's own base, made absolute. */
export function serverOrigin(): string {
  return pb.buildURL('/').replace(/\/$/, '');
}

export const apiKeyQueries = {
  list: (organization: string) =>
    queryOptions({
      queryKey: apiKeyKeys.list(organization),
      enabled: organization !== '',
      queryFn: () =>
        pb.collection('apiKeys').getFullList<ApiKeyRecord>({
          filter: pb.filter('organization = {:organization}', { organization }),
          sort: '-created',
        }),
    }),
};
