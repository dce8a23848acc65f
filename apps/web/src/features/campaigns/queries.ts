import {
  type AdRecord,
  type CampaignRecord,
  type CampaignStatus,
  currencyOf,
  type SponsorRecord,
} from '@airgrid/schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { callEndpoint, endpointPath } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { watchCollection } from '../../lib/realtime';
import type { CampaignDetail, CampaignRow, PlacementRow } from './campaigns-model';

// The campaigns area's data (issue 40): the campaigns with their sponsors, one campaign with
// its channels and spots, its placements a page at a time, what the form picks from (sponsors,
// spots), and the writes. The API's rules decide who may write (staff); the server writes the
// delivery and the placements. Components read through these and never call `pb` themselves.

export const campaignsKeys = {
  all: ['campaigns'] as const,
  list: (organization: string) => ['campaigns', 'list', organization] as const,
  one: (id: string) => ['campaigns', 'one', id] as const,
  placements: (id: string, when: PlacementsWhen, page: number) =>
    ['campaigns', 'placements', id, when, page] as const,
  sponsors: (organization: string) => ['campaigns', 'sponsors', organization] as const,
  spots: (organization: string) => ['campaigns', 'spots', organization] as const,
  station: (organization: string) => ['campaigns', 'station', organization] as const,
  airings: (id: string, from: number, to: number) =>
    ['campaigns', 'airings', id, from, to] as const,
};

/** Placements listed per page. */
export const PLACEMENTS_PER_PAGE = 50;

/** The placements still to air, or those whose time has come. */
export type PlacementsWhen = 'upcoming' | 'past';

/**
 * The station's time zone and currency, read once for both: a flight's days are the station's
 * calendar days, and rates and invoices are in its currency.
 */
function stationQuery(organization: string) {
  return queryOptions({
    queryKey: campaignsKeys.station(organization),
    enabled: organization !== '',
    queryFn: async () => {
      const station = await pb
        .collection('organizations')
        .getOne<{ timeZone: string; currency: string }>(organization, {
          fields: 'timeZone,currency',
        });
      return { timeZone: station.timeZone || 'UTC', currency: currencyOf(station.currency) };
    },
  });
}

export const campaignsQueries = {
  /** Every campaign of the station (the page filters), with its sponsor's name. */
  list: (organization: string) =>
    queryOptions({
      queryKey: campaignsKeys.list(organization),
      enabled: organization !== '',
      queryFn: () =>
        pb.collection('campaigns').getFullList<CampaignRow>({
          sort: 'flightStart,name,id',
          expand: 'sponsor',
        }),
    }),
  /** One campaign with its sponsor, channels and spots; null when unknown here. */
  one: (id: string) =>
    queryOptions({
      queryKey: campaignsKeys.one(id),
      queryFn: async () => {
        try {
          return await pb
            .collection('campaigns')
            .getOne<CampaignDetail>(id, { expand: 'sponsor,channels,ads' });
        } catch (failure) {
          // The API answers 404 for unknown ids and other organizations' campaigns alike.
          if (failure instanceof ClientResponseError && failure.status === 404) return null;
          throw failure;
        }
      },
    }),
  /**
   * A page of the campaign's placements: upcoming ones from `now` soonest first, past ones
   * latest first, with the channel (for its zone), the programme and the spot.
   */
  placements: (id: string, when: PlacementsWhen, page: number, now: number) =>
    queryOptions({
      queryKey: campaignsKeys.placements(id, when, page),
      placeholderData: keepPreviousData,
      queryFn: () =>
        pb.collection('placements').getList<PlacementRow>(page, PLACEMENTS_PER_PAGE, {
          filter: pb.filter(
            when === 'upcoming'
              ? 'campaign = {:id} && start >= {:now}'
              : 'campaign = {:id} && start < {:now}',
            { id, now: new Date(now) },
          ),
          sort: when === 'upcoming' ? 'start,id' : '-start,-id',
          expand: 'channel,ad,show',
        }),
    }),
  /**
   * What became of the campaign's spots in [from, to) and the proof (issue 40, item 6): each
   * placement aired (as-run, import, or by schedule), missed or upcoming, and the off-plan
   * airings of imported logs.
   */
  airings: (id: string, from: number, to: number) =>
    queryOptions({
      queryKey: campaignsKeys.airings(id, from, to),
      queryFn: () =>
        callEndpoint(pb, 'GET /api/v1/campaigns/:campaign/airings', {
          params: { campaign: id },
          query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        }),
    }),
  /** The sponsors, archived too (a campaign may name one). */
  sponsors: (organization: string) =>
    queryOptions({
      queryKey: campaignsKeys.sponsors(organization),
      enabled: organization !== '',
      queryFn: () => pb.collection('sponsors').getFullList<SponsorRecord>({ sort: 'name,id' }),
    }),
  /** The spots a rotation picks from (the form keeps the sponsor's). */
  spots: (organization: string) =>
    queryOptions({
      queryKey: campaignsKeys.spots(organization),
      enabled: organization !== '',
      queryFn: () => pb.collection('ads').getFullList<AdRecord>({ sort: 'title,id' }),
    }),
  /** The station's time zone (one read with its currency). */
  zone: (organization: string) =>
    queryOptions({
      ...stationQuery(organization),
      select: (station) => station.timeZone,
    }),
  /** The station's currency (one read with its zone). */
  currency: (organization: string) =>
    queryOptions({
      ...stationQuery(organization),
      select: (station) => station.currency,
    }),
};

/** A document the server made, and the name it gave it. */
export interface DownloadedFile {
  blob: Blob;
  name: string;
}

/** The period of an affidavit or an invoice: its first and last day (YYYY-MM-DD). */
export interface DocumentPeriod {
  from: string;
  to: string;
}

/** A campaign's affidavit for the period, as PDF or CSV. */
export function affidavitFile(
  campaign: string,
  format: 'pdf' | 'csv',
  period: DocumentPeriod,
): Promise<DownloadedFile> {
  return campaignDocument(endpointPath('/api/v1/campaigns/:campaign/affidavit', { campaign }), {
    ...period,
    format,
  });
}

/** A campaign's invoice for the period (owners and admins), as PDF. */
export function invoiceFile(campaign: string, period: DocumentPeriod): Promise<DownloadedFile> {
  return campaignDocument(endpointPath('/api/v1/campaigns/:campaign/invoice', { campaign }), {
    ...period,
  });
}

/**
 * A file the server makes, read with the member's token (the endpoints answer bytes, not
 * JSON); its name is the one the server gives it. A refusal throws the server's message.
 */
async function campaignDocument(
  path: string,
  parameters: Record<string, string>,
): Promise<DownloadedFile> {
  const response = await fetch(`${path}?${new URLSearchParams(parameters)}`, {
    headers: { Authorization: pb.authStore.token },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : String(response.status));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? path.split('/').pop() ?? 'file';
  return { blob: await response.blob(), name };
}

/**
 * Calls `onChange` when a campaign changes (its delivery too, when the server places it) or,
 * given a campaign, when its placements do; returns the unsubscribe.
 */
export function watchCampaigns(onChange: () => void, campaign?: string): () => void {
  const stops = [watchCollection('campaigns', onChange)];
  if (campaign) {
    stops.push(
      watchCollection('placements', onChange, {
        filter: pb.filter('campaign = {:campaign}', { campaign }),
      }),
    );
  }
  return () => {
    for (const stop of stops) stop();
  };
}

export function createCampaign(organization: string, body: Record<string, unknown>) {
  return pb.collection('campaigns').create<CampaignRecord>({ organization, ...body });
}

export function updateCampaign(id: string, body: Record<string, unknown>) {
  return pb.collection('campaigns').update<CampaignRecord>(id, body);
}

/** Books, pauses, resumes or ends a campaign. */
export function setCampaignStatus(id: string, status: CampaignStatus) {
  return pb.collection('campaigns').update<CampaignRecord>(id, { status });
}

/** Deletes a draft (the server refuses any other). */
export async function deleteCampaign(id: string) {
  await pb.collection('campaigns').delete(id);
  return id;
}
