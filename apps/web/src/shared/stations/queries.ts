import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { pickLiveChannel } from './station-model';

// The public station reads every viewer page shares: one station by id or slug, the picker's
// list, the live channel of bare /watch, and a watch link's channel's station.

export const stationKeys = {
  all: ['stations'] as const,
  one: (key: string) => ['stations', 'one', key] as const,
  list: (search: string, page: number) => ['stations', 'list', search, page] as const,
  live: (station: string) => ['stations', 'live', station] as const,
  channelStation: (channel: string, organization: string) =>
    ['stations', 'channel', channel, organization] as const,
};

/** How long a station's public face (name, logo, colour) is reused before it is read again. */
const STATION_STALE_MS = 5 * 60_000;

export const stationQueries = {
  /** A station by id or slug (GET /api/v1/stations/:key); a 404 means there is none. */
  one: (key: string) =>
    queryOptions({
      queryKey: stationKeys.one(key),
      queryFn: () =>
        callEndpoint(pb, 'GET /api/v1/stations/:key', { params: { key } }, { requestKey: null }),
      staleTime: STATION_STALE_MS,
      // A missing station stays missing: no retry on 404.
      retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
    }),

  /** One page of the public stations whose name or slug contains `search`. */
  list: (search: string, page: number) =>
    queryOptions({
      queryKey: stationKeys.list(search, page),
      queryFn: () =>
        callEndpoint(pb, 'GET /api/v1/stations', { query: { search, page } }, { requestKey: null }),
      staleTime: 60_000,
    }),

  /**
   * The channel bare /watch opens for a station: one with a programme on now, else its first
   * channel (the guide's display order), else null. Only that station's channels are read.
   */
  live: (station: string) =>
    queryOptions({
      queryKey: stationKeys.live(station),
      queryFn: async () => {
        const now = Date.now();
        const guide = await callEndpoint(
          pb,
          'GET /api/v1/guide',
          {
            query: {
              organization: station,
              from: new Date(now).toISOString(),
              to: new Date(now + 60_000).toISOString(),
            },
          },
          { requestKey: null },
        );
        return pickLiveChannel(guide);
      },
    }),

  /**
   * The organization of the channel a legacy /watch/:channel link names (id or slug): the
   * member's own channel first, then any public one, as the watch page picks it.
   */
  channelStation: (channel: string, organization: string) =>
    queryOptions({
      queryKey: stationKeys.channelStation(channel, organization),
      queryFn: async () => {
        const filters = ['archived = false', '(id = {:channel} || slug = {:channel})'];
        const find = (scoped: boolean) =>
          pb.collection('channels').getList<{ organization: string }>(1, 1, {
            filter: pb.filter(
              [...filters, ...(scoped ? ['organization = {:organization}'] : [])].join(' && '),
              { channel, organization },
            ),
            sort: 'sortOrder,number,name',
            fields: 'organization',
            requestKey: null,
          });
        const own = organization ? (await find(true)).items[0] : undefined;
        return (own ?? (await find(false)).items[0])?.organization ?? null;
      },
      staleTime: STATION_STALE_MS,
    }),
};
