import { QueryClient } from '@tanstack/react-query';

/** The app's TanStack Query cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The seed's policy: reads are retried at most once, writes never. Which statuses are
    // worth a retry is decided by the HTTP layer when it lands.
    queries: { retry: 1 },
    mutations: { retry: 0 },
  },
});
