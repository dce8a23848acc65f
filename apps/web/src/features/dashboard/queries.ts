import { toRecordDate } from '@airgrid/domain';
import type { CampaignRecord } from '@airgrid/schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { watchCollection } from '../../lib/realtime';
import { DRAFT_SHOW_TERM } from '../../shared/shows/draft-shows';
import type { DraftAiringRecord } from './dashboard-model';

// The dashboard's data: its query keys and the SDK calls behind them. It reads the schedule
// as viewers see it (GET /api/v1/guide: the channels in display order and the scheduled
// airings), and follows changes through realtime.

/** Every dashboard query starts with `all`, so one invalidation refreshes them all. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  zone: (organization: string) => ['dashboard', 'organization', organization] as const,
  schedule: (from: number, to: number) => ['dashboard', 'schedule', from, to] as const,
  streamless: ['dashboard', 'streamless'] as const,
  draftAirings: (from: number, to: number) => ['dashboard', 'draft-airings', from, to] as const,
  readiness: ['dashboard', 'readiness'] as const,
  owingCampaigns: ['dashboard', 'owing-campaigns'] as const,
  captionCoverage: ['dashboard', 'caption-coverage'] as const,
  waitingSubmissions: ['dashboard', 'waiting-submissions'] as const,
};

/** Submissions waiting for review the card lists (newest first); the rest are counted. */
const WAITING_SUBMISSIONS_READ = 5;

/**
 * How many airings of draft shows one read brings: the card lists a few, and the read's window
 * begins up to a quarter hour early (`draftsWindow`), so some to drop are allowed for.
 */
const DRAFT_AIRINGS_READ = 30;

/** Booked campaigns the dashboard looks through for spots owed (a station books a few). */
const BOOKED_CAMPAIGNS_READ = 50;

export const dashboardQueries = {
  /** This week's caption coverage, in the organization's zone (issue 41, item 4). */
  captionCoverage: () =>
    queryOptions({
      queryKey: dashboardKeys.captionCoverage,
      queryFn: () => callEndpoint(pb, 'GET /api/v1/captions/coverage', {}),
    }),
  /**
   * Submissions waiting for review (status pending), newest first, and how many in all. The
   * rules show them to editors and above only: for others the list is empty.
   */
  waitingSubmissions: () =>
    queryOptions({
      queryKey: dashboardKeys.waitingSubmissions,
      queryFn: async () => {
        const page = await pb
          .collection('submissions')
          .getList<{ id: string; title: string; submitterName: string; created: string }>(
            1,
            WAITING_SUBMISSIONS_READ,
            {
              filter: 'status = "pending" && awaitingFile = false',
              sort: '-created',
              fields: 'id,title,submitterName,created',
            },
          );
        return { items: page.items, total: page.totalItems };
      },
    }),
  /** Booked campaigns, soonest ending first: the card keeps those that owe spots (issue 40). */
  owingCampaigns: () =>
    queryOptions({
      queryKey: dashboardKeys.owingCampaigns,
      queryFn: async () =>
        (
          await pb.collection('campaigns').getList<CampaignRecord>(1, BOOKED_CAMPAIGNS_READ, {
            filter: 'status = "booked"',
            sort: 'flightEnd',
            fields: 'id,name,flightEnd,delivery',
          })
        ).items,
    }),
  /** Each playout channel's problems before air in the next 24 hours (issue 39, item 4). */
  readiness: () =>
    queryOptions({
      queryKey: dashboardKeys.readiness,
      queryFn: () => callEndpoint(pb, 'GET /api/v1/playout/readiness'),
      refetchInterval: 60_000,
    }),
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
   * The airings of draft shows over the window, soonest first, on channels that air (not
   * archived), cancelled ones left out; a page of them and how many there are in all.
   */
  draftAirings: (from: number, to: number) =>
    queryOptions({
      queryKey: dashboardKeys.draftAirings(from, to),
      queryFn: () =>
        pb.collection('timeslots').getList<DraftAiringRecord>(1, DRAFT_AIRINGS_READ, {
          filter: pb.filter(
            `status != "cancelled" && start >= {:from} && start < {:to} && channel.archived = false && ${DRAFT_SHOW_TERM}`,
            { from: toRecordDate(from), to: toRecordDate(to) },
          ),
          sort: 'start,id',
          expand: 'show,channel',
          fields:
            'id,start,show,channel,expand.show.title,expand.channel.name,expand.channel.number',
        }),
      placeholderData: keepPreviousData,
    }),
  /**
   * The channels with nothing to play, by id (a stream source without an address; Airgrid
   * playout and the test pattern always play): their watch page can only say what is on, so
   * the dashboard flags them (the guide the card draws from leaves stream addresses out).
   */
  streamless: () =>
    queryOptions({
      queryKey: dashboardKeys.streamless,
      queryFn: async () =>
        new Set(
          (
            await pb.collection('channels').getFullList<{ id: string }>({
              filter: 'streamUrl = "" && (source = "" || source = "stream")',
              fields: 'id',
            })
          ).map((channel) => channel.id),
        ),
    }),
};

/**
 * Calls `onEvent` on any change to the organization's timeslots, channels, shows, campaigns,
 * caption tracks or submissions
 * (the rules limit events to what the member may see); returns the unsubscribe.
 */
export function watchSchedule(onEvent: () => void): () => void {
  // Shows too: a show marked ready (or made a draft again) changes the drafts' warning; and
  // campaigns, whose placement says what they owe.
  // Captions and submissions: the coverage and waiting cards.
  const stops = ['timeslots', 'channels', 'shows', 'campaigns', 'captions', 'submissions'].map(
    (collection) => watchCollection(collection, onEvent),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
