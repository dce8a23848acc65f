import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// The landing page's read: the single public station's channels now and for the next hours.

/** How far ahead the landing page looks for each channel's next programme. */
const AHEAD_MS = 6 * 3_600_000;

const landingKeys = {
  onNow: (station: string) => ['landing', 'on-now', station] as const,
};

export const landingQueries = {
  onNow: (station: string) =>
    queryOptions({
      queryKey: landingKeys.onNow(station),
      queryFn: () => {
        const now = Date.now();
        return callEndpoint(
          pb,
          'GET /api/v1/guide',
          {
            query: {
              organization: station,
              from: new Date(now).toISOString(),
              to: new Date(now + AHEAD_MS).toISOString(),
            },
          },
          { requestKey: null },
        );
      },
      refetchInterval: 60_000,
    }),
};
