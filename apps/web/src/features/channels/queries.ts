import type { AsRunRecord, JobRecord, PlayoutPackageRecord } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { callEndpoint, endpointPath } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { watchJobsOf } from '../../lib/realtime';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { channelKeys, sharedChannelQueries } from '../../shared/channels/queries';
import type { FillerShow } from './playout-model';
import { packagingUnderWay, type ReadinessWindow } from './readiness-model';

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

/** Saves the channel's filler rotation: show ids, in the order they play. */
export function saveFiller(id: string, filler: readonly string[]) {
  return pb.collection('channels').update<ChannelRecord>(id, { filler });
}

/** The playout keys of the channel page (under `channels`, so a channel save refreshes them). */
export const playoutKeys = {
  slate: (channel: string, profile: string) => ['channels', 'slate', channel, profile] as const,
  /** By the set of shows, not their order: a move reads nothing again. */
  fillerShows: (ids: readonly string[]) =>
    ['channels', 'filler-shows', [...ids].sort().join(',')] as const,
  showChoices: (organization: string) => ['channels', 'filler-choices', organization] as const,
  readiness: (channel: string, hours: string) => ['channels', 'readiness', channel, hours] as const,
  asRun: (channel: string, count: number) => ['channels', 'as-run', channel, count] as const,
};

/** What will not air as scheduled on a playout channel in the next 24 hours or 7 days. */
function readiness(channel: string, hours: ReadinessWindow) {
  return callEndpoint(pb, 'GET /api/v1/channels/:channel/playout/readiness', {
    params: { channel },
    query: { hours },
  });
}

/** How often the as-run card reads the log again: the server records it every minute. */
const AS_RUN_REFRESH_MS = 60_000;

/** The channel's latest as-run entries, newest first, and whether there are more. */
async function latestAsRun(channel: string, count: number) {
  const page = await pb.collection('asRun').getList<AsRunRecord>(1, count, {
    filter: pb.filter('channel = {:channel}', { channel }),
    sort: '-start',
    fields: 'id,kind,title,start,end',
    requestKey: null,
  });
  return { items: page.items, more: page.totalItems > page.items.length };
}

/**
 * The channel's as-run log between two instants as CSV (the endpoint answers a file, not
 * JSON), read with the member's token.
 */
export function asRunCsv(channel: string, from: string, to: string): Promise<Blob> {
  return csvFile(endpointPath('/api/v1/channels/:channel/as-run', { channel }), { from, to });
}

/**
 * A channel's log of one day (its programmes and the spots placed among them) as CSV, for the
 * station's own playout to import (issue 40).
 */
export function dailyLogCsv(channel: string, date: string): Promise<Blob> {
  return csvFile(endpointPath('/api/v1/channels/:channel/log', { channel }), { date });
}

/** A CSV export read with the member's token; a refusal throws the server's message. */
async function csvFile(path: string, parameters: Record<string, string>): Promise<Blob> {
  const query = new URLSearchParams(parameters);
  const response = await fetch(`${path}?${query}`, {
    headers: { Authorization: pb.authStore.token },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : String(response.status));
  }
  return response.blob();
}

/** The fields of a show the filler card reads. */
const FILLER_SHOW_FIELDS = 'id,title,status,mediaInfo';

/** The filler's shows (in no order: the card orders them as the rotation does). */
async function fillerShows(ids: readonly string[]): Promise<FillerShow[]> {
  if (ids.length === 0) return [];
  const params = Object.fromEntries(ids.map((id, i) => [`s${i}`, id]));
  return pb.collection('shows').getFullList<FillerShow>({
    filter: pb.filter(ids.map((_, i) => `id = {:s${i}}`).join(' || '), params),
    fields: FILLER_SHOW_FIELDS,
  });
}

/**
 * The slate's state in the channel's profile: its package, when made, and the latest
 * 'playout-slate' job on the channel.
 */
async function slate(channel: string, profile: string) {
  const [packages, jobs] = await Promise.all([
    pb.collection('playoutPackages').getList<PlayoutPackageRecord>(1, 1, {
      filter: pb.filter('channel = {:channel} && profile = {:profile}', { channel, profile }),
      sort: '-created',
      requestKey: null,
    }),
    pb.collection('jobs').getList<JobRecord>(1, 1, {
      filter: pb.filter('target = {:target} && kind = "playout-slate"', {
        target: `channels/${channel}`,
      }),
      sort: '-created',
      requestKey: null,
    }),
  ]);
  return { packaged: packages.items.length > 0, job: jobs.items[0] ?? null };
}

/**
 * Calls `onEvent` when a job on this channel changes (its slate being packaged); returns the
 * unsubscribe. `onSubscribed` runs once the subscription holds, to read what changed before.
 */
export function watchChannelJobs(
  channel: string,
  onEvent: (job: JobRecord) => void,
  onSubscribed?: () => void,
): () => void {
  return watchJobsOf(`channels/${channel}`, onEvent, onSubscribed);
}

/** The guide of one channel over a window. */
export function channelGuide(window: { from: string; to: string }, channel: string) {
  return callEndpoint(pb, 'GET /api/v1/guide', {
    query: { from: window.from, to: window.to, channels: channel },
  });
}

export const channelQueries = {
  ...sharedChannelQueries,
  readiness: (channel: string, hours: ReadinessWindow) =>
    queryOptions({
      queryKey: playoutKeys.readiness(channel, hours),
      queryFn: () => readiness(channel, hours),
      // Packaging moves on its own: look again every few seconds while it does, else a minute.
      refetchInterval: (query) => (packagingUnderWay(query.state.data) ? 5000 : 60_000),
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
  /** The slate of a channel on playout, in its profile. */
  slate: (channel: string, profile: string) =>
    queryOptions({
      queryKey: playoutKeys.slate(channel, profile),
      queryFn: () => slate(channel, profile),
    }),
  /** The shows of a filler rotation. */
  fillerShows: (ids: readonly string[]) =>
    queryOptions({
      queryKey: playoutKeys.fillerShows(ids),
      queryFn: () => fillerShows(ids),
      placeholderData: (previous) => previous,
    }),
  /** The organization's shows the filler can add (read when the select is first opened). */
  showChoices: (organization: string, enabled: boolean) =>
    queryOptions({
      queryKey: playoutKeys.showChoices(organization),
      enabled: enabled && Boolean(organization),
      queryFn: () =>
        pb.collection('shows').getFullList<FillerShow>({
          filter: pb.filter('organization = {:organization} && status != "archived"', {
            organization,
          }),
          sort: 'title',
          fields: FILLER_SHOW_FIELDS,
        }),
    }),
  /** The channel's latest `count` as-run entries (read again every minute). */
  asRun: (channel: string, count: number) =>
    queryOptions({
      queryKey: playoutKeys.asRun(channel, count),
      queryFn: () => latestAsRun(channel, count),
      placeholderData: (previous) => previous,
      refetchInterval: AS_RUN_REFRESH_MS,
    }),
  /** The organization's slug, which names it in feed URLs. */
  organization: (organization: string) =>
    queryOptions({
      queryKey: channelKeys.organization(organization),
      enabled: Boolean(organization),
      queryFn: () => pb.collection('organizations').getOne<{ slug: string }>(organization),
    }),
};
