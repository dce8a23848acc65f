/**
 * Pure geometry of the timeline chart: where an instant sits on the track, what a drag shows
 * before it is released, and the time axis for each precision.
 *
 * Positions are fractions of the visible window (0 = `from`, 1 = `to`) so the chart can lay
 * bars out in percentages and never re-measure on resize; pixels only matter while a pointer
 * drags, where the track's width at the start of the gesture turns pixels into milliseconds.
 */
import {
  addDays,
  type Clock,
  formatDuration,
  instantToLocal,
  localToInstant,
  QUARTER_HOUR_MS,
  snapInstant,
} from '@airgrid/domain';
import { messages } from '../../i18n/messages';

const t = messages();

/** The axis units of seed-spec §9; `day` is the default. */
export const PRECISIONS = ['hour', 'day', 'date', 'week', 'month'] as const;
export type Precision = (typeof PRECISIONS)[number];
export const DEFAULT_PRECISION: Precision = 'day';

/** Chart constants of seed-spec §9. */
export const ROW_HEIGHT_PX = 40;
export const LABEL_WIDTH_PX = 150;
export const TOOLTIP_DELAY_MS = 800;
export const TOOLTIP_COLOR = 'cadetblue';
/** How long the ghost of a drag waits for the pointer to rest before checking the drop. */
export const VALIDATION_DEBOUNCE_MS = 5;

const MS_PER_SEC = 1000;

/** The precision as given, or an error naming the allowed ones (seed-spec §8, "Chart errors"). */
export function assertPrecision(value: unknown): Precision {
  if (typeof value === 'string' && (PRECISIONS as readonly string[]).includes(value)) {
    return value as Precision;
  }
  throw new Error(
    `Invalid precision: ${JSON.stringify(value)}. Use one of hour, day, date, week or month.`,
  );
}

/** The visible window, checked: an empty or reversed window cannot be drawn. */
export function assertWindow(from: number, to: number): void {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) {
    throw new Error(
      `The timeline's window must end after it starts (from ${from}, to ${to}, epoch ms).`,
    );
  }
}

/** Where an instant sits in the window, 0 at `from` and 1 at `to` (outside: below 0 or above 1). */
export function timeToFraction(instant: number, from: number, to: number): number {
  return (instant - from) / (to - from);
}

/** The instant at a fraction of the window; the inverse of {@link timeToFraction}. */
export function fractionToTime(fraction: number, from: number, to: number): number {
  return from + fraction * (to - from);
}

/** The instant under a pixel offset on a track `width` pixels wide. */
export function xToTime(x: number, width: number, from: number, to: number): number {
  return fractionToTime(x / width, from, to);
}

/** The pixel offset of an instant on a track `width` pixels wide. */
export function timeToX(instant: number, width: number, from: number, to: number): number {
  return timeToFraction(instant, from, to) * width;
}

/** A bar's span as CSS percentages of the track: `left` and `width`. */
export function spanToPercent(
  start: number,
  durationSec: number,
  from: number,
  to: number,
): { left: number; width: number } {
  const left = timeToFraction(start, from, to) * 100;
  const width = ((durationSec * MS_PER_SEC) / (to - from)) * 100;
  return { left, width };
}

/** What a drag changes: the whole bar, or one of its edges (the handles). */
export type DragKind = 'move' | 'start' | 'end';

/**
 * The span a drag shows while the pointer is down, `deltaMs` after the bar's own span. It
 * follows the rules `moveBar`/`resizeBar` apply on release, so the ghost lands where the bar
 * will: instants snap to the 15-minute grid and a bar keeps at least 15 minutes.
 */
export function dragPreview(
  bar: { start: number; durationSec: number },
  kind: DragKind,
  deltaMs: number,
): { start: number; durationSec: number } {
  const end = bar.start + bar.durationSec * MS_PER_SEC;
  if (kind === 'move')
    return { start: snapInstant(bar.start + deltaMs), durationSec: bar.durationSec };
  if (kind === 'end') {
    const newEnd = Math.max(snapInstant(end + deltaMs), bar.start + QUARTER_HOUR_MS);
    return { start: bar.start, durationSec: (newEnd - bar.start) / MS_PER_SEC };
  }
  const start = Math.min(snapInstant(bar.start + deltaMs), end - QUARTER_HOUR_MS);
  return { start, durationSec: (end - start) / MS_PER_SEC };
}

/** The seed's chart date format, year-month-day hour:minute, on the wall clock of the zone. */
export function formatChartDateTime(instant: number, timeZone: string): string {
  return instantToLocal(instant, timeZone).replace('T', ' ');
}

/** "2024-05-01 06:00 to 07:30", or "2024-05-01 23:00 to 2024-05-02 01:00" across midnight. */
export function formatChartSpan(start: number, durationSec: number, timeZone: string): string {
  const t = messages();
  const from = formatChartDateTime(start, timeZone);
  const to = formatChartDateTime(start + durationSec * MS_PER_SEC, timeZone);
  const sameDay = from.slice(0, 10) === to.slice(0, 10);
  return t.ui.chartSpan(from, sameDay ? to.slice(11) : to);
}

/** A wall time "HH:mm" on the user's clock: "7:30 PM" (12-hour) or "19:30" (24-hour). */
export function clockTime(hhmm: string, clock: Clock): string {
  if (clock === '24h') return hhmm;
  const hour = Number(hhmm.slice(0, 2));
  return `${hour % 12 === 0 ? 12 : hour % 12}:${hhmm.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * An instant's wall-clock date ("MM/DD/YYYY") and time ("HH:mm") in a zone, remembered: every
 * bar formats its span for screen readers, and the bars of a week sit on the same quarter hours
 * row after row, so a screenful of 2,500 bars reads a few hundred distinct instants. Reading the
 * zone's clock costs tens of microseconds an instant (Temporal), which made drawing a row of a
 * week cost more than a frame.
 */
const wallReadings = new Map<string, { date: string; hhmm: string }>();
/** Past this many readings the cache starts over: a long session pans across many weeks. */
const WALL_READINGS_MAX = 20_000;

function wallReading(instant: number, timeZone: string): { date: string; hhmm: string } {
  const key = `${timeZone} ${instant}`;
  let reading = wallReadings.get(key);
  if (!reading) {
    if (wallReadings.size >= WALL_READINGS_MAX) wallReadings.clear();
    // "YYYY-MM-DDTHH:mm"
    const local = instantToLocal(instant, timeZone);
    reading = {
      date: `${local.slice(5, 7)}/${local.slice(8, 10)}/${local.slice(0, 4)}`,
      hhmm: local.slice(11, 16),
    };
    wallReadings.set(key, reading);
  }
  return reading;
}

/**
 * A bar's span on the user's clock, as tooltips and screen readers say it: "11/25/2026 7:30 PM
 * to 8:00 PM", or with the end's date too when the bar crosses midnight.
 */
export function formatBarSpan(
  start: number,
  durationSec: number,
  timeZone: string,
  clock: Clock,
): string {
  const t = messages();
  const from = wallReading(start, timeZone);
  const to = wallReading(start + durationSec * MS_PER_SEC, timeZone);
  const toTime = clockTime(to.hhmm, clock);
  return t.ui.barSpan(
    from.date,
    clockTime(from.hhmm, clock),
    from.date === to.date ? toTime : `${to.date} ${toTime}`,
  );
}

/** The bar's times alone, for the ghost of a drag: "7:30 PM–8:00 PM". */
export function formatBarTimes(
  start: number,
  durationSec: number,
  timeZone: string,
  clock: Clock,
): string {
  const end = start + durationSec * MS_PER_SEC;
  return `${clockTime(wallReading(start, timeZone).hhmm, clock)}–${clockTime(wallReading(end, timeZone).hhmm, clock)}`;
}

/** The lines of a bar's tooltip: the title, its channel, when (on the user's clock), how long. */
export function tooltipLines(
  bar: { label: string; start: number; durationSec: number },
  channel: string | undefined,
  timeZone: string,
  clock: Clock,
): string[] {
  return [
    bar.label,
    ...(channel ? [channel] : []),
    formatBarSpan(bar.start, bar.durationSec, timeZone, clock),
    formatDuration(bar.durationSec, 'length', { units: true }),
  ];
}

/**
 * How a bar's label fits in a bar `widthPx` wide: shown whole or clipped with an ellipsis by CSS
 * ('text'), or hidden ('none') when fewer than {@link MIN_LABEL_CHARS} characters would show, so
 * a narrow bar never spills a stray glyph or an "R…" (the tooltip carries the text then).
 * `chrome` is what the bar's padding and resize handles take.
 */
export function labelFit(widthPx: number, chrome = BAR_CHROME_PX): 'text' | 'none' {
  return widthPx - chrome >= MIN_LABEL_CHARS * AVG_CHAR_PX ? 'text' : 'none';
}

/** The width of a bar's resize handle, at each end. */
export const HANDLE_PX = 6;
/** Padding (6 px a side) and the two 6 px resize handles around a bar's label. */
export const BAR_CHROME_PX = 24;
/** The fewest characters worth showing: fewer, and a label only says "R…". */
export const MIN_LABEL_CHARS = 4;
/** The average width of a character of the bar's 12 px label font. */
export const AVG_CHAR_PX = 7;

/** One cell of the time axis: the part of [start, end) inside the window, and its label. */
interface Tick {
  start: number;
  end: number;
  label: string;
}

/** The two rows of the axis: `major` groups the `minor` cells (days of hours, months of days). */
export interface Axis {
  major: Tick[];
  minor: Tick[];
}

const MONTHS = [
  t.ui.jan,
  t.ui.feb,
  t.ui.mar,
  t.ui.apr,
  t.ui.may,
  t.ui.jun,
  t.ui.jul,
  t.ui.aug,
  t.ui.sep,
  t.ui.oct,
  t.ui.nov,
  t.ui.dec,
];
const WEEKDAYS = [t.ui.mon, t.ui.tue, t.ui.wed, t.ui.thu, t.ui.fri, t.ui.sat, t.ui.sun];

/** A unit of the calendar in a zone: where the unit holding an instant starts, and the next. */
interface Unit {
  /** The wall-clock ISO date-time (minute precision) the unit holding `local` starts at. */
  floor(local: string): string;
  next(local: string): string;
  label(local: string, clock: Clock): string;
  /** The longest a cell may last, for units whose wall length and real length can differ. */
  maxMs?: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** ISO 8601 week number of a date: the week holding its Thursday. */
export function isoWeekNumber(date: string): number {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const yearStart = Date.UTC(Number(thursday.slice(0, 4)), 0, 1);
  const dayOfYear = (Date.parse(`${thursday}T00:00:00Z`) - yearStart) / 86_400_000;
  return Math.floor(dayOfYear / 7) + 1;
}

function nextMonth(local: string): string {
  const year = Number(local.slice(0, 4));
  const month = Number(local.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01T00:00` : `${year}-${pad(month + 1)}-01T00:00`;
}

const units: Record<'hour' | 'day' | 'week' | 'month' | 'year', Unit> = {
  hour: {
    floor: (local) => `${local.slice(0, 13)}:00`,
    // Wall hours, not 3,600,000 ms steps: a zone at +05:30 still gets ticks on its own hours.
    next: (local) => {
      const hour = Number(local.slice(11, 13));
      return hour === 23
        ? `${addDays(local.slice(0, 10), 1)}T00:00`
        : `${local.slice(0, 11)}${pad(hour + 1)}:00`;
    },
    label: (local, clock) => clockTime(local.slice(11, 16), clock),
    maxMs: 3_600_000,
  },
  day: {
    floor: (local) => `${local.slice(0, 10)}T00:00`,
    next: (local) => `${addDays(local.slice(0, 10), 1)}T00:00`,
    label: (local) =>
      `${WEEKDAYS[isoWeekday(local.slice(0, 10)) - 1]} ${Number(local.slice(8, 10))}`,
  },
  week: {
    floor: (local) => `${addDays(local.slice(0, 10), 1 - isoWeekday(local.slice(0, 10)))}T00:00`,
    next: (local) => `${addDays(local.slice(0, 10), 7)}T00:00`,
    // "W48 · Nov 23": the ISO week and the date its Monday falls on.
    label: (local) =>
      `W${isoWeekNumber(local.slice(0, 10))} · ${MONTHS[Number(local.slice(5, 7)) - 1]} ${Number(local.slice(8, 10))}`,
  },
  month: {
    floor: (local) => `${local.slice(0, 7)}-01T00:00`,
    next: nextMonth,
    label: (local) => `${MONTHS[Number(local.slice(5, 7)) - 1]} ${local.slice(0, 4)}`,
  },
  year: {
    floor: (local) => `${local.slice(0, 4)}-01-01T00:00`,
    next: (local) => `${Number(local.slice(0, 4)) + 1}-01-01T00:00`,
    label: (local) => local.slice(0, 4),
  },
};

/** Above hour cells a day is named in full: "Mon 4 May 2026". */
const longDayUnit: Unit = {
  ...units.day,
  label: (local, clock) => `${units.day.label(local, clock)} ${units.month.label(local, clock)}`,
};

/** `date` counts days like `day` but labels them with the day of the month alone. */
const dateUnit: Unit = { ...units.day, label: (local) => local.slice(8, 10) };

/** The axis units per precision: the cells (minor) and what groups them (major). */
const AXIS_UNITS: Record<Precision, { major: Unit; minor: Unit }> = {
  hour: { major: longDayUnit, minor: units.hour },
  day: { major: units.month, minor: units.day },
  date: { major: units.month, minor: dateUnit },
  week: { major: units.month, minor: units.week },
  month: { major: units.year, minor: units.month },
};

/** Past this many cells the window is too long for the precision (a year of hours, say). */
const MAX_TICKS = 2000;

function ticksOf(unit: Unit, from: number, to: number, timeZone: string, clock: Clock): Tick[] {
  const ticks: Tick[] = [];
  let local = unit.floor(instantToLocal(from, timeZone));
  let start = localToInstant(local, timeZone);
  while (start < to) {
    let end = localToInstant(unit.next(local), timeZone);
    // An hour lasts an hour: on a fall-back night the repeated wall hour gets its own cell.
    if (unit.maxMs !== undefined) end = Math.min(end, start + unit.maxMs);
    ticks.push({
      start: Math.max(start, from),
      end: Math.min(end, to),
      label: unit.label(local, clock),
    });
    if (ticks.length > MAX_TICKS) {
      throw new Error(
        `The window is too long for this precision: more than ${MAX_TICKS} axis cells. Choose a coarser precision or a shorter window.`,
      );
    }
    // Re-read the wall clock at the cell's end, so a wall time skipped by DST is never a cell.
    local = unit.floor(instantToLocal(end, timeZone));
    start = end;
  }
  return ticks;
}

/**
 * The time axis for a window, on the wall calendar of `timeZone`: cells clipped to the
 * window, so the first and last may be partial.
 */
export function axisTicks(
  from: number,
  to: number,
  precision: Precision,
  timeZone: string,
  clock: Clock = '12h',
): Axis {
  assertWindow(from, to);
  const { major, minor } = AXIS_UNITS[assertPrecision(precision)];
  return {
    major: ticksOf(major, from, to, timeZone, clock),
    minor: ticksOf(minor, from, to, timeZone, clock),
  };
}

/**
 * The narrowest a cell of each precision may get before the track scrolls sideways. An hour
 * is 240 px so a 30-minute bar (120 px) still reads a title of a dozen characters a line; a day of
 * a week fits 1366 px once the side panels are collapsed; weeks and months leave room for
 * their labels.
 */
export const MIN_CELL_PX: Record<Precision, number> = {
  hour: 240,
  day: 150,
  date: 72,
  week: 180,
  month: 320,
};

/**
 * The track's minimum width: every cell at least its precision's minimum (or `minCellPx`), pro
 * rata.
 */
export function minTrackWidth(
  axis: Axis,
  precision: Precision,
  from: number,
  to: number,
  minCellPx: number = MIN_CELL_PX[precision],
): number {
  const full = axis.minor.reduce((widest, tick) => Math.max(widest, tick.end - tick.start), 0);
  if (full === 0) return 0;
  return Math.ceil(((to - from) / full) * minCellPx);
}

/** The instant a drop at pixel `x` of the track lands on, on the 15-minute grid. */
export function dropInstant(x: number, width: number, from: number, to: number): number {
  return snapInstant(xToTime(x, width, from, to));
}
