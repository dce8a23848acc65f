import { fromRecordDate } from '@airgrid/domain';
import type { GuideResponse } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import type { TimelineBar, TimelineRow } from '../../ui/timeline';

// The guide API's answer as the timeline chart draws it; the channel page's week and the
// scheduling workspace show the same chart.

/** The chart's rows (the guide's channels, in display order) and bars (its timeslots). */
export function toChart(guide: GuideResponse): { rows: TimelineRow[]; bars: TimelineBar[] } {
  const t = messages();
  const rows = guide.channels.map((channel) => {
    const row: TimelineRow = {
      id: channel.id,
      label: channel.name,
      sublabel: t.shared.channelNumber(channel.number),
    };
    // The station's own channel colour, for bars coloured by channel (the chart keeps it only
    // where the labels stay readable on it).
    if (channel.color) row.color = channel.color;
    return row;
  });
  const bars = guide.timeslots.flatMap((slot) => toBar(slot, slot.show.title, slot.show.category));
  return { rows, bars };
}

/** A timeslot as a bar, or none when its start cannot be read. */
function toBar(
  slot: { id: string; channel: string; start: string; durationSec: number },
  label: string,
  category: string | undefined,
  extra: Partial<TimelineBar> = {},
): TimelineBar[] {
  const start = fromRecordDate(slot.start);
  if (start === null) return [];
  const bar: TimelineBar = {
    id: slot.id,
    rowId: slot.channel,
    start,
    durationSec: slot.durationSec,
    label,
    ...extra,
  };
  if (category) bar.category = category;
  return [bar];
}

/** A cancelled timeslot as the workspace reads it beside the guide (which leaves them out). */
export interface CancelledTimeslot {
  id: string;
  channel: string;
  start: string;
  durationSec: number;
  expand?: { show?: { title: string; category?: string } };
}

/**
 * Cancelled timeslots as bars: drawn hatched and struck through, never dragged, and said to be
 * `status` ("Cancelled") to screen readers and in the tooltip. One without a readable start is
 * left out; one whose show is gone is named `untitled`.
 */
export function cancelledBars(
  slots: readonly CancelledTimeslot[],
  status: string,
  untitled: string,
): TimelineBar[] {
  return slots.flatMap((slot) =>
    toBar(slot, slot.expand?.show?.title ?? untitled, slot.expand?.show?.category, {
      cancelled: true,
      status,
    }),
  );
}

/**
 * The guide's bars with the cancelled ones among them, each row in start order (the order the
 * chart flows and tabs through them). A cancelled bar the guide still holds (its status changed
 * between the two reads) is drawn as the guide says until both are read again.
 */
export function withCancelled(
  bars: readonly TimelineBar[],
  cancelled: readonly TimelineBar[],
): TimelineBar[] {
  if (cancelled.length === 0) return [...bars];
  const ids = new Set(bars.map((bar) => bar.id));
  return [...bars, ...cancelled.filter((bar) => !ids.has(bar.id))].sort(
    (a, b) => a.start - b.start,
  );
}
