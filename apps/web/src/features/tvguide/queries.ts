import type { GuideResponse } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { type GuideSource, guideDay } from './tvguide-model';

// The TV guide's data: its query keys and the guide requests behind them.

/** Every query of the guide starts with `tvguide`, then whose guide it is ('own' for members). */
export const tvguideKeys = {
  station: (organization: string | undefined) =>
    ['tvguide', organization ?? 'own', 'station'] as const,
  day: (organization: string | undefined, zone: string, date: string) =>
    ['tvguide', organization ?? 'own', 'day', zone, date] as const,
  head: (
    organization: string | undefined,
    zone: string,
    date: string,
    channels: readonly string[],
  ) => ['tvguide', organization ?? 'own', 'head', zone, date, channels.join(',')] as const,
};

/**
 * The spots placed in a programme's breaks (its members only): the channel's breaks over the
 * programme's slot, those of this timeslot that hold spots.
 */
export function programmeSpotsQuery(channel: string, timeslot: string, from: number, to: number) {
  return queryOptions({
    queryKey: ['tvguide', 'own', 'spots', channel, timeslot, from, to] as const,
    queryFn: async ({ signal }) => {
      const read = await callEndpoint(
        pb,
        'GET /api/v1/channels/:channel/breaks',
        {
          params: { channel },
          query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        },
        { signal, requestKey: null },
      );
      return read.breaks.filter((brk) => brk.timeslot === timeslot).flatMap((brk) => brk.spots);
    },
    staleTime: DAY_STALE_MS,
  });
}

/** A day's guide is read again after this long (and on focus after it), so edits show up. */
const DAY_STALE_MS = 60_000;

/** GET /api/v1/guide for a window; `organization` unset means the member's own. */
export function fetchGuide(
  organization: string | undefined,
  from: number,
  to: number,
  signal?: AbortSignal,
  channels?: readonly string[],
): Promise<GuideResponse> {
  const query: { from: string; to: string; organization?: string; channels?: string } = {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  };
  if (organization) query.organization = organization;
  if (channels) query.channels = channels.join(',');
  // requestKey null: TanStack Query cancels and dedupes; the SDK's own auto-cancellation would
  // abort one day's request when the next day's (same path) starts.
  return callEndpoint(pb, 'GET /api/v1/guide', { query }, { signal, requestKey: null });
}

export function organizationOf(source: GuideSource): string | undefined {
  return source.kind === 'named' || source.kind === 'public' ? source.organization : undefined;
}

/** The guide of one calendar day in the station's zone. */
export function dayQuery(source: GuideSource, zone: string, date: string) {
  const organization = organizationOf(source);
  return queryOptions({
    queryKey: tvguideKeys.day(organization, zone, date),
    queryFn: async ({ signal }) => {
      const day = guideDay(date, zone);
      return { day, guide: await fetchGuide(organization, day.from, day.to, signal) };
    },
    staleTime: DAY_STALE_MS,
  });
}

/** The same day for the first channels only: drawn while the whole day is on its way. */
export function headQuery(
  source: GuideSource,
  zone: string,
  date: string,
  channels: readonly string[],
) {
  const organization = organizationOf(source);
  return queryOptions({
    queryKey: tvguideKeys.head(organization, zone, date, channels),
    queryFn: async ({ signal }) => {
      const day = guideDay(date, zone);
      return { day, guide: await fetchGuide(organization, day.from, day.to, signal, channels) };
    },
    staleTime: DAY_STALE_MS,
  });
}
