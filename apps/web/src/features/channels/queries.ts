import { queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { channelKeys, sharedChannelQueries } from '../../shared/channels/queries';

export {
  bumperImageUrl,
  CHANNEL_SAVE_INVALIDATES,
  channelKeys,
  logoUrl,
} from '../../shared/channels/queries';

// The channels area's data: the SDK calls behind its pages, over the shared channel reads
// (shared/channels/queries.ts). Components read through these
// (`useQuery(channelQueries.one(id, organization))`) and never call `pb` themselves.

/** One of the organization's channels, or null when unknown or another station's. */
async function getOwnChannel(id: string, organization: string) {
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
async function findChannel(channel: string, organization: string) {
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

/** The guide of one channel over a window. */
export function channelGuide(window: { from: string; to: string }, channel: string) {
  return callEndpoint(pb, 'GET /api/v1/guide', {
    query: { from: window.from, to: window.to, channels: channel },
  });
}

export const channelQueries = {
  ...sharedChannelQueries,
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
