import type { AppConfig } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { pb } from './pocketbase';

/** The deployment's public settings (survey URL, the public station), read once and shared. */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'] as const,
  queryFn: () => pb.send<AppConfig>('/api/v1/app-config', { requestKey: null }),
});
