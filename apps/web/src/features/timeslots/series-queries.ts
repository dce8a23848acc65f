import type {
  BaseRecord,
  ChannelRecord,
  CopyResult,
  CopyScheduleBody,
  ShowRecord,
} from '@airgrid/schema';
import type { SeriesChanges, SeriesResult, SeriesScope } from '@airgrid/schema/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// Changing a recurrence from one of its airings, through the server's series operations
// (POST /api/v1/schedule/recurrences/:id/edit and .../delete, one transaction each). "This
// airing only" needs none of this: it is a plain update or delete of the timeslot record.

export type { SeriesChanges, SeriesResult, SeriesScope } from '@airgrid/schema/contracts';

/**
 * Edits the series from the airing whose `occurrence` (its original local start,
 * "YYYY-MM-DDTHH:mm") is given. A refusal lists, in `response.data.collisions`, every airing that
 * would land on another timeslot (`{ start, key, title, timeslot, message }`).
 */
export function editSeries(
  recurrence: string,
  body: { scope: SeriesScope; occurrence: string; changes: SeriesChanges },
): Promise<SeriesResult> {
  return callEndpoint(pb, 'POST /api/v1/schedule/recurrences/:id/edit', {
    params: { id: recurrence },
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
  return callEndpoint(pb, 'POST /api/v1/schedule/recurrences/:id/delete', {
    params: { id: recurrence },
    body,
  });
}

/** A recurrence record (the `recurrences` collection). */
interface RecurrenceRecord extends BaseRecord {
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

const seriesKeys = {
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
  return callEndpoint(pb, 'POST /api/v1/schedule/copy', { body });
}
