import { fromRecordDate } from '@airgrid/domain';
import type { GuideResponse } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import type { TimelineBar, TimelineRow } from '../../ui/timeline';

// The guide API's answer as the timeline chart draws it; the channel page's week and the
// scheduling workspace show the same chart.

/** The chart's rows (the guide's channels, in display order) and bars (its timeslots). */
export function toChart(guide: GuideResponse): { rows: TimelineRow[]; bars: TimelineBar[] } {
  const t = messages();
  const rows = guide.channels.map((channel) => ({
    id: channel.id,
    label: channel.name,
    sublabel: t.shared.channelNumber(channel.number),
  }));
  const bars = guide.timeslots.flatMap((slot) => {
    const start = fromRecordDate(slot.start);
    if (start === null) return [];
    const bar: TimelineBar = {
      id: slot.id,
      rowId: slot.channel,
      start,
      durationSec: slot.durationSec,
      label: slot.show.title,
    };
    if (slot.show.category) bar.category = slot.show.category;
    return [bar];
  });
  return { rows, bars };
}
