import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// The dashboard's data: its query keys and the SDK calls behind them. It reads the schedule
// as viewers see it (GET /api/v1/guide: the channels in display order and the scheduled
// airings), and follows changes through realtime.

/** Every dashboard query starts with `all`, so one invalidation refreshes them all. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  zone: (organization: string) => ['dashboard', 'organization', organization] as const,
  schedule: (from: number, to: number) => ['dashboard', 'schedule', from, to] as const,
  streamless: ['dashboard', 'streamless'] as const,
};

export const dashboardQueries = {
  /** The organization's time zone, whose local midnights make "today". */
  zone: (organization: string) =>
    queryOptions({
      queryKey: dashboardKeys.zone(organization),
      queryFn: async () =>
        (await pb.collection('organizations').getOne<{ timeZone: string }>(organization))
          .timeZone || 'UTC',
      enabled: organization !== '',
    }),
  /** The organization's channels and their scheduled airings over the window. */
  schedule: (from: number, to: number) =>
    queryOptions({
      queryKey: dashboardKeys.schedule(from, to),
      queryFn: () =>
        callEndpoint(pb, 'GET /api/v1/guide', {
          query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        }),
      placeholderData: keepPreviousData,
    }),
  /**
   * The channels with no stream address, by id: their watch page can only say what is on, so
   * the dashboard flags them (the guide the card draws from leaves stream addresses out).
   */
  streamless: () =>
    queryOptions({
      queryKey: dashboardKeys.streamless,
      queryFn: async () =>
        new Set(
          (
            await pb
              .collection('channels')
              .getFullList<{ id: string }>({ filter: 'streamUrl = ""', fields: 'id' })
          ).map((channel) => channel.id),
        ),
    }),
};

/**
 * Calls `onEvent` on any change to the organization's timeslots or channels (the rules limit
 * events to what the member may see); returns the unsubscribe.
 */
export function watchSchedule(onEvent: () => void): () => void {
  const stops: (() => Promise<void>)[] = [];
  let gone = false;
  for (const collection of ['timeslots', 'channels']) {
    pb.collection(collection)
      .subscribe('*', onEvent)
      .then((stop) => {
        if (gone) void stop();
        else stops.push(stop);
      })
      .catch(() => undefined);
  }
  return () => {
    gone = true;
    for (const stop of stops) void stop();
  };
}
