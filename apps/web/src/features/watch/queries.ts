import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import type { ChannelRecord } from '../../shared/channels/channel-model';

// The watch and multiview pages' data: their query keys and the SDK calls behind them.

export const watchKeys = {
  channel: (key: string, organization: string) => ['watch', 'channel', key, organization] as const,
  guide: (channel: string, from: number) => ['watch', 'guide', channel, from] as const,
  descriptions: (track: string) => ['watch', 'descriptions', track] as const,
  stationChannels: (organization: string, all: boolean) =>
    ['watch', 'station-channels', organization, all] as const,
  multiviewChannels: (organization: string) => ['multiview', 'channels', organization] as const,
  multiviewGuide: (channels: readonly string[], from: string) =>
    ['multiview', 'guide', channels.join(','), from] as const,
};

/** Keeps the signed-in member's multiview layout in their settings. */
export function saveUserSettings(user: string, settings: unknown) {
  return pb.collection('users').update(user, { settings });
}

export const watchQueries = {
  /**
   * The channel a /watch path names (id or slug), inside the page's station when one is known
   * (usePublicStation), else any channel the requester may read with that id or slug. Public
   * channels are readable by anyone (the channels' rule); archived ones never play.
   */
  channel: (key: string, organization: string) =>
    queryOptions({
      queryKey: watchKeys.channel(key, organization),
      queryFn: async () => {
        const filters = ['archived = false', '(id = {:key} || slug = {:key})'];
        if (organization) filters.push('organization = {:organization}');
        const found = await pb.collection('channels').getList<ChannelRecord>(1, 1, {
          filter: pb.filter(filters.join(' && '), { key, organization }),
          sort: 'sortOrder,number,name',
        });
        return found.items[0] ?? null;
      },
    }),
  /**
   * The station's channels the switcher offers, in tuning order: its public ones, or every
   * channel not archived for a member of the station (`all`).
   */
  stationChannels: (organization: string, all: boolean) =>
    queryOptions({
      queryKey: watchKeys.stationChannels(organization, all),
      queryFn: () =>
        pb.collection('channels').getFullList<ChannelRecord>({
          filter: pb.filter(
            `organization = {:organization} && archived = false${all ? '' : ' && public = true'}`,
            { organization },
          ),
          sort: 'number,name',
        }),
      staleTime: 60_000,
    }),
  /** One channel's schedule over the watch window. */
  /** A programme's audio descriptions (a complete track anyone may read), its cues in seconds. */
  descriptions: (track: string) =>
    queryOptions({
      queryKey: watchKeys.descriptions(track),
      enabled: track !== '',
      staleTime: 5 * 60_000,
      queryFn: () => callEndpoint(pb, 'GET /api/v1/captions/:id.json', { params: { id: track } }),
    }),
  guide: (channel: ChannelRecord, window: { from: number; to: number }) =>
    queryOptions({
      queryKey: watchKeys.guide(channel.id, window.from),
      queryFn: () =>
        callEndpoint(pb, 'GET /api/v1/guide', {
          query: {
            organization: channel.organization,
            channels: channel.id,
            from: new Date(window.from).toISOString(),
            to: new Date(window.to).toISOString(),
          },
        }),
    }),
  /** The channels a multiview can show: one organization's, the member's or the first public. */
  multiviewChannels: (organization: string) =>
    queryOptions({
      queryKey: watchKeys.multiviewChannels(organization),
      queryFn: async () => {
        const list = await pb.collection('channels').getFullList<ChannelRecord>({
          filter: organization
            ? pb.filter('organization = {:organization} && archived = false', { organization })
            : 'public = true && archived = false',
          sort: 'sortOrder,number,name',
        });
        // A guide request covers one organization: a guest watches the first one's channels.
        const first = list[0]?.organization;
        return list.filter((channel) => channel.organization === first);
      },
    }),
  multiviewGuide: (
    organization: string,
    channels: readonly string[],
    window: { from: string; to: string },
  ) =>
    queryOptions({
      queryKey: watchKeys.multiviewGuide(channels, window.from),
      enabled: channels.length > 0,
      queryFn: () =>
        callEndpoint(pb, 'GET /api/v1/guide', {
          query: {
            organization,
            channels: channels.join(','),
            from: window.from,
            to: window.to,
          },
        }),
    }),
};
