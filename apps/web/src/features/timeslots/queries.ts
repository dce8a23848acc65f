import { toRecordDate } from '@airgrid/domain';
import type { ShowRecord, TimeslotRecord } from '@airgrid/schema';
import type { EndpointInput, EndpointReply, Endpoints } from '@airgrid/schema/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { watchCollection } from '../../lib/realtime';
import type { CancelledTimeslot } from '../../shared/schedule/guide-chart';
import type { ShowItem } from './show-list';
import { guideChunks, mergeGuides } from './timeslots-model';
import type { UndoWrite } from './undo';

// The timeslots area's data: its query keys, the SDK calls behind them, and its writes.

/** Every query of the workspace starts with `all`, so one invalidation refreshes them all. */
export const timeslotKeys = {
  all: ['timeslots'] as const,
  zone: (organization: string) => ['timeslots', 'organization', organization] as const,
  guide: (from: number, to: number) => ['timeslots', 'guide', from, to] as const,
  shows: (search: string) => ['timeslots', 'shows', search] as const,
  list: (from: number, to: number, channel: string) =>
    ['timeslots', 'list', from, to, channel] as const,
  record: (id: string) => ['timeslots', 'record', id] as const,
  locked: (from: number, to: number) => ['timeslots', 'locked', from, to] as const,
  cancelled: (from: number, to: number) => ['timeslots', 'cancelled', from, to] as const,
  showChoices: ['timeslots', 'show-choices'] as const,
  /** Every channel's breaks, for one invalidation when placements change. */
  allBreaks: ['timeslots', 'breaks'] as const,
  breaks: (channel: string, from: number, to: number) =>
    ['timeslots', 'breaks', channel, from, to] as const,
};

const DAY_MS = 86_400_000;

/** How many shows the side list holds: the first 50 by title that match the search. */
const SHOW_LIMIT = 50;

export type ListedTimeslot = TimeslotRecord & { expand?: { show?: ShowRecord } };

export const timeslotQueries = {
  /** The organization's time zone, whose local midnights make the chart's window. */
  zone: (organization: string) =>
    queryOptions({
      queryKey: timeslotKeys.zone(organization),
      queryFn: async () =>
        (await pb.collection('organizations').getOne<{ timeZone: string }>(organization))
          .timeZone || 'UTC',
      enabled: organization !== '',
    }),
  guide: (from: number, to: number) =>
    queryOptions({
      queryKey: timeslotKeys.guide(from, to),
      // Windows past the guide's 14 days (five weeks, a quarter) are read in chunks at once.
      queryFn: async () =>
        mergeGuides(
          await Promise.all(
            guideChunks(from, to).map((chunk) =>
              callEndpoint(pb, 'GET /api/v1/guide', {
                query: {
                  from: new Date(chunk.from).toISOString(),
                  to: new Date(chunk.to).toISOString(),
                },
              }),
            ),
          ),
        ),
      placeholderData: keepPreviousData,
    }),
  /** The side list's shows: the first ones by title that match the search. */
  shows: (search: string) =>
    queryOptions({
      queryKey: timeslotKeys.shows(search.trim()),
      queryFn: async () =>
        (
          await pb.collection('shows').getList<ShowItem>(1, SHOW_LIMIT, {
            sort: 'title',
            fields: 'id,title,category,durationSec',
            filter:
              search.trim() === '' ? '' : pb.filter('title ~ {:search}', { search: search.trim() }),
          })
        ).items,
      placeholderData: keepPreviousData,
    }),
  /**
   * The window's locked timeslots, by id: the guide the chart draws from is public and leaves
   * `locked` out, yet a locked bar (an import from Cablecast, say) must look and act locked.
   * From a day early, for one that began before the window and runs into it.
   */
  locked: (from: number, to: number) =>
    queryOptions({
      queryKey: timeslotKeys.locked(from, to),
      queryFn: async () =>
        new Set(
          (
            await pb.collection('timeslots').getFullList<{ id: string }>({
              filter: pb.filter('locked = true && start >= {:from} && start < {:to}', {
                from: toRecordDate(from - DAY_MS),
                to: toRecordDate(to),
              }),
              fields: 'id',
            })
          ).map((slot) => slot.id),
        ),
      placeholderData: keepPreviousData,
    }),
  /**
   * The window's cancelled timeslots with their show's title and category: the guide leaves
   * them out, yet the chart keeps them in sight (hatched) so one can be found and restored.
   * From a day early, like the locked ones.
   */
  cancelled: (from: number, to: number) =>
    queryOptions({
      queryKey: timeslotKeys.cancelled(from, to),
      queryFn: () =>
        pb.collection('timeslots').getFullList<CancelledTimeslot>({
          filter: pb.filter('status = "cancelled" && start >= {:from} && start < {:to}', {
            from: toRecordDate(from - DAY_MS),
            to: toRecordDate(to),
          }),
          sort: 'start',
          expand: 'show',
          fields: 'id,channel,start,durationSec,expand.show.title,expand.show.category',
        }),
      placeholderData: keepPreviousData,
    }),
  /** One timeslot with its show, for the side panel. */
  record: (id: string) =>
    queryOptions({
      queryKey: timeslotKeys.record(id),
      queryFn: () =>
        pb
          .collection('timeslots')
          .getOne<TimeslotRecord & { expand?: { show?: ShowRecord } }>(id, { expand: 'show' }),
    }),
  /** Every show by title, for the forms' show choice. */
  showChoices: () =>
    queryOptions({
      queryKey: timeslotKeys.showChoices,
      queryFn: () =>
        pb.collection('shows').getFullList<ShowItem>({
          sort: 'title',
          fields: 'id,title,category,durationSec',
        }),
    }),
  /** A channel's breaks starting in the window, with the spots placed in them. */
  breaks: (channel: string, from: number, to: number) =>
    queryOptions({
      queryKey: timeslotKeys.breaks(channel, from, to),
      queryFn: () =>
        callEndpoint(pb, 'GET /api/v1/channels/:channel/breaks', {
          params: { channel },
          query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        }),
    }),
  /** A window's timeslots, cancelled ones included, on one channel or all. */
  list: (from: number, to: number, channel: string) =>
    queryOptions({
      queryKey: timeslotKeys.list(from, to, channel),
      queryFn: () =>
        pb.collection('timeslots').getFullList<ListedTimeslot>({
          filter: pb.filter(
            channel === ''
              ? 'start >= {:from} && start < {:to}'
              : 'start >= {:from} && start < {:to} && channel = {:channel}',
            { from: toRecordDate(from), to: toRecordDate(to), channel },
          ),
          sort: 'start',
          expand: 'show',
        }),
    }),
};

/** Calls `onEvent` on any change to the organization's timeslots; returns the unsubscribe. */
export function watchTimeslots(onEvent: () => void): () => void {
  return watchCollection('timeslots', onEvent);
}

/**
 * Calls `onEvent` on any change to the organization's campaigns: the server sends a campaign's
 * event when a placement changed its delivery, that is when spots moved in or out of breaks.
 */
export function watchCampaigns(onEvent: () => void): () => void {
  return watchCollection('campaigns', onEvent);
}

/** Moves or resizes a timeslot (and pushes its neighbours) in one server step. */
export function moveTimeslot(body: EndpointInput<Endpoints['POST /api/v1/schedule/move']>['body']) {
  return callEndpoint(pb, 'POST /api/v1/schedule/move', { body });
}

export function createRecurrence(body: Record<string, unknown>) {
  return pb.collection('recurrences').create(body);
}

/** Creates a recurrence's airings for a window, all or none. */
export function expandRecurrence(id: string, window: { from: string; to: string }) {
  return callEndpoint(pb, 'POST /api/v1/schedule/recurrences/:id/expand', {
    params: { id },
    body: window,
  });
}

export function deleteRecurrence(id: string) {
  return pb.collection('recurrences').delete(id);
}

export function updateTimeslot(id: string, fields: Record<string, unknown>) {
  return pb.collection('timeslots').update<TimeslotRecord>(id, fields);
}

/**
 * Marks an airing's show ready: the catalogue's update of the show's status (the shows collection's
 * update rule lets editors change any show).
 */
export function markShowReady(show: string) {
  return pb.collection('shows').update<ShowRecord>(show, { status: 'ready' });
}

export function deleteTimeslot(id: string) {
  return pb.collection('timeslots').delete(id);
}

/** A placed timeslot, what it pushed, and where those were before (`previous`, for an undo). */
export type PlaceResult = EndpointReply<Endpoints['POST /api/v1/schedule/place']>;

/**
 * Creates a timeslot obeying the overlap mode: in push, what it lands on moves later (one
 * server transaction); in no-overlap, an occupied slot is refused naming the show in the way.
 */
export function placeTimeslot(
  body: EndpointInput<Endpoints['POST /api/v1/schedule/place']>['body'],
) {
  return callEndpoint(pb, 'POST /api/v1/schedule/place', { body });
}

/** The writes of an undo, in their order: in one transaction (the batch API) when they fit. */
export async function runUndo(writes: readonly UndoWrite[]) {
  const BATCH_LIMIT = 50;
  if (writes.length <= BATCH_LIMIT) {
    const batch = pb.createBatch();
    for (const write of writes) {
      if (write.kind === 'update') batch.collection('timeslots').update(write.id, write.fields);
      else if (write.kind === 'create') batch.collection('timeslots').create(write.fields);
      else batch.collection('timeslots').delete(write.id);
    }
    await batch.send();
    return;
  }
  for (const write of writes) {
    if (write.kind === 'update') await updateTimeslot(write.id, write.fields);
    else if (write.kind === 'create') await pb.collection('timeslots').create(write.fields);
    else await deleteTimeslot(write.id);
  }
}
