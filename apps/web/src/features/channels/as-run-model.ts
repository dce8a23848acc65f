import { addDays, formatDuration, fromRecordDate, localToInstant } from '@airgrid/domain';
import type { AsRunKind, AsRunRecord } from '@airgrid/schema';
import { messages } from '../../i18n/messages';

// The channel page's as-run card apart from React: how an entry of the log reads, and the day
// range a CSV export asks for.

/** The longest range one export covers (the endpoint's AS_RUN_MAX_DAYS). */
const MAX_EXPORT_DAYS = 31;

/** One entry as the card shows it. */
export interface AsRunLine {
  id: string;
  kind: AsRunKind;
  /** The kind, in words, for its badge. */
  kindLabel: string;
  /** The show's title; the slate has none. */
  title: string;
  /** The local date and the times, in the channel's zone, to the second: "12:00:00–12:00:12". */
  date: string;
  times: string;
  duration: string;
}

export const KIND_COLORS: Record<AsRunKind, string> = {
  programme: 'blue',
  filler: 'teal',
  slate: 'gray',
  spot: 'grape',
};

function wallClock(epochMs: number, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** The entries as the card lists them, in the channel's zone (24-hour clock, to the second). */
export function asRunLines(
  entries: readonly Pick<AsRunRecord, 'id' | 'kind' | 'title' | 'start' | 'end'>[],
  timeZone: string,
): AsRunLine[] {
  const t = messages().channels;
  const kinds: Record<AsRunKind, string> = {
    programme: t.asRunProgramme,
    filler: t.asRunFiller,
    slate: t.slate,
    spot: t.asRunSpot,
  };
  return entries.map((entry) => {
    const start = fromRecordDate(entry.start) ?? 0;
    const end = fromRecordDate(entry.end) ?? start;
    const from = wallClock(start, timeZone);
    return {
      id: entry.id,
      kind: entry.kind,
      kindLabel: kinds[entry.kind] ?? entry.kind,
      title: entry.kind === 'slate' ? '' : entry.title || t.unknownShow,
      date: from.date,
      times: `${from.time}–${wallClock(end, timeZone).time}`,
      duration: formatDuration((end - start) / 1000, 'runtime'),
    };
  });
}

/**
 * The instants a CSV export of local days `first` to `last` (YYYY-MM-DD, both included) asks
 * for, in the channel's zone; or what is wrong with the range.
 */
export function exportRange(
  first: string,
  last: string,
  timeZone: string,
): { from: string; to: string } | { error: string } {
  const t = messages().channels;
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (!date.test(first) || !date.test(last)) return { error: t.asRunChooseDays };
  if (last < first) return { error: t.asRunLastBeforeFirst };
  if (addDays(first, MAX_EXPORT_DAYS - 1) < last)
    return { error: t.asRunAtMostDays(MAX_EXPORT_DAYS) };
  const from = localToInstant(`${first}T00:00`, timeZone);
  const to = localToInstant(`${addDays(last, 1)}T00:00`, timeZone);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}
