import type { OrganizationRecord } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';
import { channelKeys, sharedChannelQueries } from '../../shared/channels/queries';
import type { FeedPodcast } from './feeds-model';

// The feeds card's data. It reads the organization (its slug names the
// feeds) and its channels under the shared keys, so a save on the organization or channel
// pages refreshes the addresses here; the podcasts under this area's own key.

const feedKeys = {
  all: ['feeds'] as const,
  podcasts: (organization: string) => ['feeds', 'podcasts', organization] as const,
};

export const feedQueries = {
  /** The member's organization, under the key the organization and channel pages use. */
  organization: (id: string) =>
    queryOptions({
      queryKey: channelKeys.organization(id),
      enabled: id !== '',
      queryFn: () => pb.collection('organizations').getOne<OrganizationRecord>(id),
    }),
  /** The organization's channels, archived ones too, in the station's order. */
  channels: (organization: string) => sharedChannelQueries.list(organization),
  /** The organization's podcasts by title, with what the feeds need of them. */
  podcasts: (organization: string) =>
    queryOptions({
      queryKey: feedKeys.podcasts(organization),
      enabled: organization !== '',
      queryFn: () =>
        pb.collection('podcasts').getFullList<FeedPodcast>({
          // Other stations' public podcasts are readable too: keep to ours.
          filter: pb.filter('organization = {:organization}', { organization }),
          sort: 'title',
          fields: 'id,title,slug,public',
        }),
    }),
};
