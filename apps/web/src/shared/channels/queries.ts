import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';
import type { ChannelRecord } from './channel-model';

// The channel reads several areas share (the channels and embeds pages, the collections panel,
// the watch pages): the channel query keys, the organization's channel list, and file URLs.
// The channels area adds its own reads and writes in features/channels/queries.ts.

/** Query keys: `all` and `details` are the prefixes a channel save invalidates. */
export const channelKeys = {
  all: ['channels'] as const,
  list: (organization: string) => ['channels', 'list', organization] as const,
  panel: (organization: string) => ['channels', 'panel', organization] as const,
  one: (id: string, organization: string) => ['channels', 'one', id, organization] as const,
  /** The details modal reads a channel by id or slug. */
  details: ['channel-details'] as const,
  detailsOf: (channel: string | undefined, organization: string) =>
    ['channel-details', channel, organization] as const,
  organization: (organization: string) => ['organizations', organization] as const,
  nowNext: (channel: string) => ['guide', 'now-next', channel] as const,
  week: (channel: string, monday: string, zone: string) =>
    ['guide', 'week', channel, monday, zone] as const,
};

/** What a channel save or archive makes stale: every channel read, and the details modal. */
export const CHANNEL_SAVE_INVALIDATES = [channelKeys.all, channelKeys.details] as const;

/** The seed's channels fetch for the collections panel: page 1, 50 items. */
const CHANNELS_PER_PANEL = 50;

/** A channel as the collections panel lists it. */
export interface ChannelItem {
  id: string;
  name: string;
  number?: number;
  public?: boolean;
  color?: string;
}

/** The organization's channels, archived ones too, in the station's order. */
export function listChannels(organization: string) {
  return pb.collection('channels').getFullList<ChannelRecord>({
    // Other stations' public channels are readable too (the watch page): keep to ours.
    filter: pb.filter('organization = {:organization}', { organization }),
    sort: 'sortOrder,number,name',
  });
}

/** A channel's logo URL (a 100×100 thumbnail), or '' when it has none. */
export function logoUrl(channel: ChannelRecord): string {
  return channel.logo ? pb.files.getURL(channel, channel.logo, { thumb: '100x100' }) : '';
}

/** A channel's bumper image URL (a thumbnail when asked), or '' when it has none. */
export function bumperImageUrl(channel: ChannelRecord, thumb?: string): string {
  if (!channel.bumperImage) return '';
  return pb.files.getURL(channel, channel.bumperImage, thumb ? { thumb } : {});
}

export const sharedChannelQueries = {
  list: (organization: string) =>
    queryOptions({
      queryKey: channelKeys.list(organization),
      enabled: Boolean(organization),
      queryFn: () => listChannels(organization),
    }),
  /** The collections panel's channels: the first page of the live ones, few fields. */
  panel: (organization: string) =>
    queryOptions({
      queryKey: channelKeys.panel(organization),
      queryFn: () =>
        pb.collection('channels').getList<ChannelItem>(1, CHANNELS_PER_PANEL, {
          // Other stations' public channels are readable too (the watch page): keep to ours.
          filter: pb.filter('organization = {:organization} && archived = false', {
            organization,
          }),
          sort: 'sortOrder,number,name',
          fields: 'id,name,number,public,color',
        }),
    }),
};
