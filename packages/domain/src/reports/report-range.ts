import { addDays, localToInstant } from '../time.js';

// The period a programme report covers (issue 41, item 3): presets on the station's calendar,
// the period before it for comparison, and the change between the two.

/** How a report's period was chosen; `custom` names its first and last day. */
export const REPORT_PRESETS = [
  'last-7-days',
  'last-30-days',
  'this-month',
  'last-month',
  'custom',
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** The longest period one report covers (a year and a bit: a season against the last). */
export const REPORT_MAX_DAYS = 400;

/** A period as whole days of the station's calendar: `from` its first day, `to` its last (both YYYY-MM-DD). */
export interface ReportDays {
  from: string;
  to: string;
}

/** An instant window [from, to) in epoch milliseconds. */
export interface InstantRange {
  from: number;
  to: number;
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * The days a preset covers, `today` being the station's date: the last 7 or 30 days end today;
 * this month runs from its first day to today; last month is the whole month before. `custom`
 * has no days of its own: undefined.
 */
export function presetDays(preset: ReportPreset, today: string): ReportDays | undefined {
  switch (preset) {
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: firstOfMonth(today), to: today };
    case 'last-month': {
      const first = firstOfMonth(today);
      return { from: firstOfMonth(addDays(first, -1)), to: addDays(first, -1) };
    }
    case 'custom':
      return undefined;
  }
}

/** How many calendar days a period holds, both ends counted. */
export function daysIn(days: ReportDays): number {
  return (
    Math.round(
      (Date.parse(`${days.to}T00:00:00Z`) - Date.parse(`${days.from}T00:00:00Z`)) / 86_400_000,
    ) + 1
  );
}

/** The same number of days just before: what a period is compared with. */
export function previousDays(days: ReportDays): ReportDays {
  const length = daysIn(days);
  return { from: addDays(days.from, -length), to: addDays(days.from, -1) };
}

/**
 * The instants of a period in a zone: from the first day's midnight to the midnight after the
 * last (a day of a DST change is 23 or 25 hours, as the station lived it).
 */
export function dayRangeInstants(days: ReportDays, zone: string): InstantRange {
  return {
    from: localToInstant(`${days.from}T00:00`, zone),
    to: localToInstant(`${addDays(days.to, 1)}T00:00`, zone),
  };
}

/** The window of the same length that ends where `range` begins. */
export function previousRange(range: InstantRange): InstantRange {
  return { from: range.from - (range.to - range.from), to: range.from };
}

/** What is wrong with a period of days, or null: a day that is none, an end before the start, too long. */
export function checkReportDays(days: ReportDays): 'from' | 'to' | 'order' | 'length' | null {
  if (!isIsoDate(days.from)) return 'from';
  if (!isIsoDate(days.to)) return 'to';
  if (days.to < days.from) return 'order';
  if (daysIn(days) > REPORT_MAX_DAYS) return 'length';
  return null;
}

function isIsoDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** How a number moved from the previous period to this one. */
export interface PeriodChange {
  current: number;
  previous: number;
  /** current − previous. */
  difference: number;
  /** The difference as a share of the previous (0.25 for +25 %); null when the previous was 0. */
  ratio: number | null;
  direction: 'up' | 'down' | 'same';
}

/** The change of a number between two periods (a share's change is its difference in points). */
export function periodChange(current: number, previous: number): PeriodChange {
  const difference = current - previous;
  const close = Math.abs(difference) < 1e-9;
  return {
    current,
    previous,
    difference: close ? 0 : difference,
    ratio: previous === 0 ? null : close ? 0 : difference / previous,
    direction: close ? 'same' : difference > 0 ? 'up' : 'down',
  };
}
