import type {
  BaseRecord,
  ChannelRecord,
  CopyResult,
  CopyScheduleBody,
  ShowRecord,
} from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';

// Changing a recurrence from one of its airings, through the server's series operations
// (POST /api/v1/schedule/recurrences/:id/edit and .../delete, one transaction each). "This
// airing only" needs none of this: it is a plain update or delete of the timeslot record.

/** 'following': this airing and every later one; 'series': every airing not yet started. */
export type SeriesScope = 'following' | 'series';

/** What changes for every airing in the scope; at least one. */
export interface SeriesChanges {
  show?: string;
  channel?: string;
  /** Local HH:mm on the channel's clock, on the quarter hour. */
  time?: string;
  durationSec?: number;
  note?: string;
  /** A new RRULE from the chosen airing on (the recurrences list's "Edit rule"). */
  rrule?: string;
}

/** How many timeslots the operation updated, created and removed. */
export interface SeriesResult {
  updated: number;
  created: number;
  removed: number;
}

/**
 * Edits the series from the airing whose `occurrence` (its original local start,
 * "YYYY-MM-DDTHH:mm") is given. A refusal lists, in `response.data.collisions`, every airing that
 * would land on another timeslot (`{ start, key, title, timeslot, message }`).
 */
export function editSeries(
  recurrence: string,
  body: { scope: SeriesScope; occurrence: string; changes: SeriesChanges },
): Promise<SeriesResult> {
  return pb.send<SeriesResult>(`/api/v1/schedule/recurrences/${recurrence}/edit`, {
    method: 'POST',
    body,
  });
}

/**
 * Deletes the airings in the scope: 'following' ends the series before the airing (the
 * `occurrence` may also be a local date, "YYYY-MM-DD": the first airing on or after it);
 * 'series' removes the recurrence and its airings still to come, keeping those that aired.
 */
export function deleteSeries(
  recurrence: string,
  body: { scope: SeriesScope; occurrence: string },
): Promise<SeriesResult> {
  return pb.send<SeriesResult>(`/api/v1/schedule/recurrences/${recurrence}/delete`, {
    method: 'POST',
    body,
  });
}

/** A recurrence record (the `recurrences` collection). */
export interface RecurrenceRecord extends BaseRecord {
  organization: string;
  channel: string;
  show: string;
  rrule: string;
  timeZone: string;
  startLocal: string;
  durationSec: number;
  /** Record date, or '' for none. */
  until: string;
  exceptions: Record<string, Record<string, unknown>> | null;
}

/** A recurrence as the recurrences list shows it. */
export type ListedRecurrence = RecurrenceRecord & {
  expand?: { show?: ShowRecord; channel?: ChannelRecord };
};

export const seriesKeys = {
  recurrences: ['timeslots', 'recurrences'] as const,
};

/** The organization's recurrences, newest first, with their show and channel. */
export const recurrencesQuery = () =>
  queryOptions({
    queryKey: seriesKeys.recurrences,
    queryFn: () =>
      pb.collection('recurrences').getFullList<ListedRecurrence>({
        sort: '-created',
        expand: 'show,channel',
      }),
  });

/** Copies a day or a week to other dates (POST /api/v1/schedule/copy); dryRun only checks. */
export function copySchedule(body: CopyScheduleBody): Promise<CopyResult> {
  return pb.send<CopyResult>('/api/v1/schedule/copy', { method: 'POST', body });
}
