import type { OrganizationRecord, RemittanceRecord } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';
import { channelKeys, listChannels } from '../../shared/channels/queries';
import { stationKeys } from '../../shared/stations/queries';

// The organization area's data: the member's organization, its remittance details (owners and
// admins only: the server answers nothing to others) and its channels for the landing-channel
// choice. Components read through these and never call `pb` themselves.

export const organizationKeys = {
  /** Also the prefix of the channels area's slug read (channelKeys.organization). */
  all: ['organizations'] as const,
  one: (id: string) => ['organizations', id] as const,
  remittance: (id: string) => ['organizations', id, 'remittance'] as const,
};

/**
 * What an organization save makes stale: this area, the header's station (name, logo,
 * colour: stationKeys) and the channel pages' feed URLs (they read the slug).
 */
export const ORGANIZATION_SAVE_INVALIDATES = [
  organizationKeys.all,
  stationKeys.all,
  channelKeys.all,
] as const;

export function updateOrganization(id: string, body: Record<string, unknown>) {
  return pb.collection('organizations').update<OrganizationRecord>(id, body);
}

/** Creates the station's remittance record, or updates the one it has. */
export function saveRemittance(
  organization: string,
  existing: RemittanceRecord | null,
  body: Record<string, string>,
) {
  return existing
    ? pb.collection('remittances').update<RemittanceRecord>(existing.id, body)
    : pb.collection('remittances').create<RemittanceRecord>({ organization, ...body });
}

/** The organization's logo (a 100×100 thumbnail), or '' when it has none. */
export function organizationLogoUrl(organization: OrganizationRecord): string {
  return organization.logo
    ? pb.files.getURL(organization, organization.logo, { thumb: '100x100' })
    : '';
}

export const organizationQueries = {
  one: (id: string) =>
    queryOptions({
      queryKey: organizationKeys.one(id),
      enabled: id !== '',
      queryFn: () => pb.collection('organizations').getOne<OrganizationRecord>(id),
    }),
  /** The remittance record, or null when the station has none yet. */
  remittance: (id: string) =>
    queryOptions({
      queryKey: organizationKeys.remittance(id),
      enabled: id !== '',
      queryFn: async () => {
        const page = await pb.collection('remittances').getList<RemittanceRecord>(1, 1, {
          filter: pb.filter('organization = {:id}', { id }),
        });
        return page.items[0] ?? null;
      },
    }),
  channels: (id: string) =>
    queryOptions({
      queryKey: channelKeys.list(id),
      enabled: id !== '',
      queryFn: () => listChannels(id),
    }),
};
