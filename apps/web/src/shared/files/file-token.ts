import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';

/** A file token for playing a protected file (it lasts a few minutes: asked again on error). */
export const fileTokenQuery = () =>
  queryOptions({
    queryKey: ['files', 'token'] as const,
    queryFn: () => pb.files.getToken(),
    staleTime: 60_000,
  });
