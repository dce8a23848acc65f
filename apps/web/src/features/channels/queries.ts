import type { GuideResponse } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../lib/pocketbase';
import type { ChannelRecord } from './channel-model';

// The channels area's data: its query keys and the SDK calls behind them. Components read
// through these (`useQuery(channelQueries.list(organization))`) and never call `pb` themselves.

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

/** What a channel save or archive makes stale: every channel read, and the details modal. */
export const CHANNEL_SAVE_INVALIDATES = [channelKeys.all, channelKeys.details] as const;

/** The organization's channels, archived ones too, in the station's order. */
export function listChannels(organization: string) {
  return pb.collection('channels').getFullList<ChannelRecord>({
    // Other stations' public channels are readable too (the watch page): keep to ours.
    filter: pb.filter('organization = {:organization}', { organization }),
    sort: 'sortOrder,number,name',
  });
}

/** One of the organization's channels, or null when unknown or another station's. */
export async function getOwnChannel(id: string, organization: string) {
  try {
    const channel = await pb.collection('channels').getOne<ChannelRecord>(id);
    // Another station's public channel is readable, but it is not one of ours to manage.
    return channel.organization === organization ? channel : null;
  } catch (failure) {
    // The API answers 404 for unknown ids and other organizations' channels alike.
    if (failure instanceof ClientResponseError && failure.status === 404) return null;
    throw failure;
  }
}

/** A channel of the organization by id or slug (the seed reads it as a filtered list). */
export async function findChannel(channel: string, organization: string) {
  // Other stations' public channels are readable too: keep to ours.
  const page = await pb.collection('channels').getList<ChannelRecord>(1, 1, {
    filter: pb.filter('organization = {:organization} && (id = {:v} || slug = {:v})', {
      organization,
      v: channel,
    }),
  });
  return page.items[0] ?? null;
}

export function createChannel(body: Record<string, unknown>) {
  return pb.collection('channels').create<ChannelRecord>(body);
}

export function updateChannel(id: string, body: Record<string, unknown>) {
  return pb.collection('channels').update<ChannelRecord>(id, body);
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

/** The guide of one channel over a window. */
export function channelGuide(window: { from: string; to: string }, channel: string) {
  return pb.send<GuideResponse>('/api/v1/guide', {
    query: { from: window.from, to: window.to, channels: channel },
  });
}

export const channelQueries = {
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
  one: (id: string, organization: string) =>
    queryOptions({
      queryKey: channelKeys.one(id, organization),
      queryFn: () => getOwnChannel(id, organization),
    }),
  details: (channel: string | undefined, organization: string) =>
    queryOptions({
      queryKey: channelKeys.detailsOf(channel, organization),
      enabled: Boolean(channel),
      queryFn: () => findChannel(channel ?? '', organization),
    }),
  /** The organization's slug, which names it in feed URLs. */
  organization: (organization: string) =>
    queryOptions({
      queryKey: channelKeys.organization(organization),
      enabled: Boolean(organization),
      queryFn: () => pb.collection('organizations').getOne<{ slug: string }>(organization),
    }),
};
