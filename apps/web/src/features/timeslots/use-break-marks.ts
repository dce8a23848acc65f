import type { Clock } from '@airgrid/domain';
import { type QueryObserverResult, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { TimelineMark } from '../../ui/timeline';
import { type BreaksReading, breakMarks, breaksReading, type ChannelBreaks } from './breaks-model';
import { timeslotKeys, timeslotQueries, watchCampaigns, watchTimeslots } from './queries';

/**
 * How long after a schedule change the breaks are read again: the server places spots a second
 * after a change, and a placement that moves spots without changing any campaign's delivery
 * sends no campaign event.
 */
const PLACEMENT_SETTLED_MS = 2500;

/** A burst of campaign events (one per campaign placed) makes one read. */
const CAMPAIGN_BURST_MS = 250;

/** The marks of each answer, kept while the answer is the same object (the query shares it). */
const marksOf = new WeakMap<ChannelBreaks, { key: string; marks: TimelineMark[] }>();

function cachedMarks(reply: ChannelBreaks, zone: string, clock: Clock): TimelineMark[] {
  const key = `${zone} ${clock}`;
  const cached = marksOf.get(reply);
  if (cached?.key === key) return cached.marks;
  const marks = breakMarks(reply, zone, clock);
  marksOf.set(reply, { key, marks });
  return marks;
}

export interface BreakMarks {
  /** Whether the window's breaks are read, or why not. */
  reading: BreaksReading;
  /** The marks read so far, every channel's; empty while off. */
  marks: readonly TimelineMark[];
  /** A channel's breaks could not be read. */
  failed: boolean;
}

const NONE: readonly TimelineMark[] = [];

/**
 * The breaks of the window's channels as the chart's marks, when `shown` and the window is
 * short and the channels few enough (`breaksReading`): a request a channel, in parallel, read
 * again on any schedule change (the workspace's keys), on a campaign's event, and once the
 * server has placed spots after a change to the timeslots.
 */
export function useBreakMarks({
  shown,
  channels,
  view,
  zone,
  clock,
}: {
  shown: boolean;
  channels: readonly { id: string }[];
  view: { from: number; to: number };
  zone: string;
  clock: Clock;
}): BreakMarks {
  const reading = breaksReading(view, channels.length);
  const active = shown && reading === 'shown';
  const queryClient = useQueryClient();

  const combine = useCallback(
    (results: QueryObserverResult<ChannelBreaks>[]) => ({
      marks: results.flatMap((result) =>
        result.data ? cachedMarks(result.data, zone, clock) : [],
      ),
      failed: results.some((result) => result.isError),
    }),
    [zone, clock],
  );
  const read = useQueries({
    queries: active
      ? channels.map((channel) => timeslotQueries.breaks(channel.id, view.from, view.to))
      : [],
    combine,
  });

  useEffect(() => {
    if (!active) return;
    // One read pending at a time: the latest event says how soon.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readAgain = (afterMs: number) => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: timeslotKeys.allBreaks }),
        afterMs,
      );
    };
    const stopCampaigns = watchCampaigns(() => readAgain(CAMPAIGN_BURST_MS));
    const stopTimeslots = watchTimeslots(() => readAgain(PLACEMENT_SETTLED_MS));
    return () => {
      stopCampaigns();
      stopTimeslots();
      clearTimeout(timer);
    };
  }, [active, queryClient]);

  return { reading, marks: active ? read.marks : NONE, failed: active && read.failed };
}
