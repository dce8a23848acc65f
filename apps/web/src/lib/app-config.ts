import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { pb } from './pocketbase';

/** The deployment's public settings (survey URL, the public station), read once and shared. */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'] as const,
  queryFn: () => callEndpoint(pb, 'GET /api/v1/app-config', {}, { requestKey: null }),
});
