/**
 * The chart's day strip: for each local day of the window, how many bars start that day and how
 * full the day is across the rows. At a week or longer a half-hour bar is a few pixels wide and
 * carries no label; the strip says how much is on each day and opens it (seed issue 36).
 */
import { addDays, instantToLocal, localToInstant } from '@airgrid/domain';

/** One local day of the window, clipped to it: its date (YYYY-MM-DD) and instants, epoch ms. */
export interface DayCell {
  date: string;
  start: number;
  end: number;
}

/** A day with what is on it. */
export interface DaySummary extends DayCell {
  /** Bars (cancelled ones aside) that start that day. */
  count: number;
  /** The share of the day's row-hours the bars fill, 0 to 1. */
  load: number;
}

/**
 * The local days of `zone` that [from, to) covers, each clipped to the window: local midnights,
 * so a daylight-saving day lasts 23 or 25 hours.
 */
export function dayCells(from: number, to: number, timeZone: string): DayCell[] {
  const days: DayCell[] = [];
  let date = instantToLocal(from, timeZone).slice(0, 10);
  let start = from;
  while (start < to) {
    const next = addDays(date, 1);
    const end = Math.min(localToInstant(`${next}T00:00`, timeZone), to);
    days.push({ date, start, end });
    date = next;
    start = end;
  }
  return days;
}

/**
 * Each day's count and load from the window's bars on `rowCount` rows. A bar is counted on the
 * day it starts and fills every day it runs into; cancelled bars neither count nor fill.
 */
export function summariseDays(
  days: readonly DayCell[],
  bars: readonly { start: number; durationSec: number; cancelled?: boolean }[],
  rowCount: number,
): DaySummary[] {
  const counts = days.map(() => 0);
  const filled = days.map(() => 0);
  for (const bar of bars) {
    if (bar.cancelled) continue;
    const end = bar.start + bar.durationSec * 1000;
    // The first day the bar reaches, by binary search: a quarter's strip meets 5,000 bars.
    let low = 0;
    let high = days.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((days[middle] as DayCell).end <= bar.start) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < days.length; index++) {
      const day = days[index] as DayCell;
      if (day.start >= end) break;
      if (bar.start >= day.start && bar.start < day.end) counts[index] = (counts[index] ?? 0) + 1;
      filled[index] =
        (filled[index] ?? 0) + Math.min(end, day.end) - Math.max(bar.start, day.start);
    }
  }
  return days.map((day, index) => {
    const capacity = (day.end - day.start) * Math.max(rowCount, 1);
    return {
      ...day,
      count: counts[index] ?? 0,
      load: Math.min(1, (filled[index] ?? 0) / capacity),
    };
  });
}

/** The width of a digit of the strip's 12 px font, and the cell's padding around a count. */
const DIGIT_PX = 7;
const COUNT_PADDING_PX = 8;

/**
 * Whether a day's count reads in a cell `cellPx` wide; otherwise the cell is its heat alone (a
 * quarter's days are a few pixels each) and the count is in its accessible name.
 */
export function countFits(cellPx: number, count: number): boolean {
  return String(count).length * DIGIT_PX + COUNT_PADDING_PX <= cellPx;
}
