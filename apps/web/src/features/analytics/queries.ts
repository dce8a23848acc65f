import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// The analytics page's data: the station's zone (its days make the period) and the programme
// reports (GET /api/v1/reports/*), each for an instant window [from, to).

const analyticsKeys = {
  all: ['analytics'] as const,
  zone: (organization: string) => ['analytics', 'zone', organization] as const,
  report: (name: ReportName, from: number, to: number) =>
    ['analytics', 'report', name, from, to] as const,
  audience: (by: AudienceBy, from: number, to: number) =>
    ['analytics', 'audience', by, from, to] as const,
};

export type ReportName = 'reruns' | 'never-aired' | 'captions' | 'campaigns';

/** How the audience report groups (AUDIENCE_GROUPS). */
export type AudienceBy = 'channel' | 'show' | 'ad' | 'embed' | 'origin' | 'weekday-hour';

const window = (from: number, to: number) => ({
  query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
});

export const analyticsQueries = {
  zone: (organization: string) =>
    queryOptions({
      queryKey: analyticsKeys.zone(organization),
      queryFn: async () =>
        (await pb.collection('organizations').getOne<{ timeZone: string }>(organization))
          .timeZone || 'UTC',
      enabled: organization !== '',
    }),
  reruns: (from: number, to: number) =>
    queryOptions({
      queryKey: analyticsKeys.report('reruns', from, to),
      queryFn: () => callEndpoint(pb, 'GET /api/v1/reports/reruns', window(from, to)),
      placeholderData: keepPreviousData,
    }),
  neverAired: (from: number, to: number) =>
    queryOptions({
      queryKey: analyticsKeys.report('never-aired', from, to),
      queryFn: () => callEndpoint(pb, 'GET /api/v1/reports/never-aired', window(from, to)),
      placeholderData: keepPreviousData,
    }),
  captions: (from: number, to: number) =>
    queryOptions({
      queryKey: analyticsKeys.report('captions', from, to),
      queryFn: () => callEndpoint(pb, 'GET /api/v1/reports/captions', window(from, to)),
      placeholderData: keepPreviousData,
    }),
  campaigns: (from: number, to: number) =>
    queryOptions({
      queryKey: analyticsKeys.report('campaigns', from, to),
      queryFn: () => callEndpoint(pb, 'GET /api/v1/reports/campaigns', window(from, to)),
      placeholderData: keepPreviousData,
    }),
  /** The audience (views, watch time, peak viewers) grouped `by`, from the rollups. */
  audience: (by: AudienceBy, from: number, to: number) =>
    queryOptions({
      queryKey: analyticsKeys.audience(by, from, to),
      queryFn: () =>
        callEndpoint(pb, 'GET /api/v1/analytics/audience', {
          query: { ...window(from, to).query, by },
        }),
      placeholderData: keepPreviousData,
    }),
};
