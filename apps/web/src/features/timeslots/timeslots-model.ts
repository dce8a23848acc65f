import {
  addDays,
  type ChangeMode,
  type Clock,
  formatTime,
  formatUsDate,
  instantToLocal,
  localToInstant,
  mondayOfWeek,
  toRecordDate,
} from '@airgrid/domain';
import { GUIDE_MAX_WINDOW_DAYS, type GuideResponse } from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import type { ColorBy, TimelineBar, TimelineChange } from '../../ui/timeline';

const t = messages();

// The scheduling workspace's logic apart from React: which window of the schedule the chart
// shows for a precision and date, how the guide API's answer becomes the chart's rows and bars,
// and how a gesture on the chart becomes one request to POST /api/v1/schedule/move.

/**
 * The precisions the workspace offers: all five of the chart (seed-spec §9), each with a
 * window that gives its cells room to read at 1366 px.
 */
export const WORKSPACE_PRECISIONS = ['hour', 'day', 'date', 'week', 'month'] as const;
export type WorkspacePrecision = (typeof WORKSPACE_PRECISIONS)[number];

/** What the precision select says for each precision: the unit, then the window. */
export const PRECISION_LABELS: Record<WorkspacePrecision, string> = {
  hour: t.timeslots.hoursOneDay,
  day: t.timeslots.daysOneWeek,
  date: t.timeslots.datesTwoWeeks,
  week: t.timeslots.weeksFiveWeeks,
  month: t.timeslots.monthsAQuarter,
};

/** What the previous/next buttons step by, as their labels say it ("Previous week"). */
export const STEP_NAMES: Record<WorkspacePrecision, string> = t.timeslots.stepNames;

/** How many days a window spans for the precisions counted in days (month counts months). */
const WINDOW_DAYS: Record<Exclude<WorkspacePrecision, 'month'>, number> = {
  hour: 1,
  day: 7,
  date: 14,
  week: 35,
};

/** A window of the chart: its first local date and its instants, epoch ms. */
export interface ScheduleWindow {
  /** The local date (YYYY-MM-DD) the window starts on, in the organization's zone. */
  first: string;
  from: number;
  to: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The first day of the calendar quarter holding `date`, and of the next quarter. */
function quarterOf(date: string): { first: string; next: string } {
  const year = Number(date.slice(0, 4));
  const startMonth = Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1;
  const first = `${year}-${pad(startMonth)}-01`;
  const next = startMonth === 10 ? `${year + 1}-01-01` : `${year}-${pad(startMonth + 3)}-01`;
  return { first, next };
}

/**
 * The window holding `date` (YYYY-MM-DD) on the wall calendar of `zone`: that day for hours;
 * from its Monday, one week for days, two for dates, five for weeks; its calendar quarter for
 * months. Local midnights, so a daylight-saving day is 23 or 25 hours long.
 */
export function windowFor(
  precision: WorkspacePrecision,
  date: string,
  zone: string,
): ScheduleWindow {
  if (precision === 'month') {
    const { first, next } = quarterOf(date);
    return {
      first,
      from: localToInstant(`${first}T00:00`, zone),
      to: localToInstant(`${next}T00:00`, zone),
    };
  }
  const noon = localToInstant(`${date}T12:00`, zone);
  const first = precision === 'hour' ? date : mondayOfWeek(noon, zone);
  return {
    first,
    from: localToInstant(`${first}T00:00`, zone),
    to: localToInstant(`${addDays(first, WINDOW_DAYS[precision])}T00:00`, zone),
  };
}

/**
 * The date the previous (-1) or next (+1) window is anchored on: one window's length away
 * from the window holding `date`, so stepping back and forth tiles the calendar.
 */
export function stepDate(precision: WorkspacePrecision, date: string, direction: -1 | 1): string {
  if (precision === 'month') {
    const { first, next } = quarterOf(date);
    // The first day of the next quarter, or of the one holding the day before this quarter.
    return direction === 1 ? next : quarterOf(addDays(first, -1)).first;
  }
  return addDays(date, direction * WINDOW_DAYS[precision]);
}

/** "Mar 9 – Mar 15, 2026": the window's dates, as the toolbar names the window shown. */
export function windowTitle(view: ScheduleWindow, zone: string): string {
  const lastDay = instantToLocal(view.to - 1, zone).slice(0, 10);
  const name = (date: string, withYear: boolean) =>
    `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}${withYear ? `, ${date.slice(0, 4)}` : ''}`;
  if (lastDay === view.first) return name(view.first, true);
  const sameYear = lastDay.slice(0, 4) === view.first.slice(0, 4);
  return `${name(view.first, !sameYear)} – ${name(lastDay, true)}`;
}

const MONTH_NAMES = [
  t.timeslots.jan,
  t.timeslots.feb,
  t.timeslots.mar,
  t.timeslots.apr,
  t.timeslots.may,
  t.timeslots.jun,
  t.timeslots.jul,
  t.timeslots.aug,
  t.timeslots.sep,
  t.timeslots.oct,
  t.timeslots.nov,
  t.timeslots.dec,
];

/**
 * The guide requests a window needs: the guide API answers at most GUIDE_MAX_WINDOW_DAYS (14)
 * days per request, so a longer window (five weeks, a quarter) is read in consecutive chunks.
 * The guide rather than the timeslots collection, because it is what the chart draws
 * everywhere (scheduled airings only, channels in display order, shows joined), and the
 * chunks are fetched in parallel and merged with {@link mergeGuides}.
 */
export function guideChunks(from: number, to: number): { from: number; to: number }[] {
  const chunkMs = GUIDE_MAX_WINDOW_DAYS * 86_400_000;
  const chunks: { from: number; to: number }[] = [];
  for (let start = from; start < to; start += chunkMs) {
    chunks.push({ from: start, to: Math.min(start + chunkMs, to) });
  }
  return chunks;
}

/**
 * One guide answer from the answers of consecutive chunks: the first chunk's organization and
 * channels (every chunk lists the same), the window's bounds, and each timeslot once (an
 * airing across a chunk's edge is in both).
 */
export function mergeGuides(parts: readonly GuideResponse[]): GuideResponse {
  const [first] = parts;
  if (!first) throw new Error('No guide answers to merge.');
  const seen = new Set<string>();
  const timeslots = parts
    .flatMap((part) => part.timeslots)
    .filter((slot) => {
      if (seen.has(slot.id)) return false;
      seen.add(slot.id);
      return true;
    });
  return {
    ...first,
    to: parts[parts.length - 1]?.to ?? first.to,
    timeslots,
  };
}

/** The body of POST /api/v1/schedule/move. */
export type MoveBody =
  | { timeslot: string; mode: ChangeMode; start: string }
  | { timeslot: string; mode: ChangeMode; edge: 'start' | 'end'; start?: string; end?: string };

/**
 * The one change the server is asked for: the dragged bar's, when the chart reported it (a push
 * also reports the neighbours it moved, which the server recomputes itself), else the first.
 */
export function primaryChange(
  changes: readonly TimelineChange[],
  draggedId: string | null,
): TimelineChange | null {
  return changes.find((change) => change.id === draggedId) ?? changes[0] ?? null;
}

/**
 * The move request for a bar's change: a move when its length stayed, else a resize of the edge
 * that moved (the end when the start stayed). Null when nothing changed.
 */
export function moveBody(
  bar: Pick<TimelineBar, 'id' | 'start' | 'durationSec'>,
  change: TimelineChange,
  mode: ChangeMode,
): MoveBody | null {
  const end = change.start + change.durationSec * 1000;
  if (change.durationSec === bar.durationSec) {
    if (change.start === bar.start) return null;
    return { timeslot: bar.id, mode, start: toRecordDate(change.start) };
  }
  if (change.start === bar.start) {
    return { timeslot: bar.id, mode, edge: 'end', end: toRecordDate(end) };
  }
  return { timeslot: bar.id, mode, edge: 'start', start: toRecordDate(change.start) };
}

/** "1:30 PM 03/10/2026": a start on a channel's clock, as the list view shows it. */
export function listStart(epochMs: number, zone: string, clock: Clock = '12h'): string {
  return `${formatTime(epochMs, zone, clock)} ${formatUsDate(epochMs, zone)}`;
}

/** What a show dragged from the side list carries (the chart's show drag payload). */
export interface DraggedShow {
  id: string;
  title: string;
  durationSec: number;
}

/** Reads a dropped payload; throws with a message a person can act on when it is not a show. */
export function parseDraggedShow(payload: string): DraggedShow {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    throw new Error('What was dropped is not a show: drag one from the Shows list.');
  }
  const show = value as Partial<DraggedShow> | null;
  if (
    typeof show?.id !== 'string' ||
    typeof show.title !== 'string' ||
    typeof show.durationSec !== 'number'
  ) {
    throw new Error('What was dropped is not a show: drag one from the Shows list.');
  }
  return { id: show.id, title: show.title, durationSec: show.durationSec };
}

/**
 * Why the chart refused a gesture before asking the server (no-overlap mode, or a locked
 * timeslot), in the words of the page's error toast.
 */
export function refusalText(reason: 'overlap' | 'locked', blockingLabel: string): string {
  const t = messages();
  return reason === 'locked'
    ? t.timeslots.blockingLabelIsLockedUnlockIt(blockingLabel)
    : t.timeslots.thatWouldOverlapBlockingLabelIn(blockingLabel);
}

/**
 * The instant the chart scrolls to when a window opens: now when the window holds it, else the
 * first timeslot in it, else none (the window's start stays in view).
 */
export function scrollTarget(
  from: number,
  to: number,
  now: number,
  bars: readonly Pick<TimelineBar, 'start'>[],
): number | null {
  if (from <= now && now < to) return now;
  const starts = bars.map((bar) => Math.max(bar.start, from)).filter((start) => start < to);
  return starts.length > 0 ? Math.min(...starts) : null;
}

/** The chart's bars with the locked ones marked, so they cannot be dragged and say so. */
export function markLocked<B extends { id: string; locked?: boolean }>(
  bars: readonly B[],
  locked: ReadonlySet<string> | undefined,
): B[] {
  if (!locked || locked.size === 0) return [...bars];
  return bars.map((bar) => (locked.has(bar.id) ? { ...bar, locked: true } : bar));
}

/** Where the workspace remembers what colours the bars, per browser, as it does the overlap mode. */
const COLOR_BY_KEY = 'airgrid.timeslots.colorBy';

/**
 * The stored colour choice: by category only when that was chosen; by channel otherwise, since
 * a week of one station's shows is mostly uncategorised and category colours made it one colour.
 */
export function parseColorBy(stored: string | null): ColorBy {
  return stored === 'category' ? 'category' : 'row';
}

export function loadColorBy(): ColorBy {
  try {
    return parseColorBy(window.localStorage.getItem(COLOR_BY_KEY));
  } catch {
    return 'row';
  }
}

export function saveColorBy(colorBy: ColorBy): void {
  try {
    window.localStorage.setItem(COLOR_BY_KEY, colorBy);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this visit only.
  }
}

/** What the colour select offers: the chart colours by row, which is a channel here. */
export const COLOR_BY_CHOICES: readonly { value: ColorBy; label: string }[] = [
  { value: 'row', label: t.timeslots.colourByChannel },
  { value: 'category', label: t.timeslots.colourByCategory },
];

const WEEKDAY_NAMES = [
  t.timeslots.mon,
  t.timeslots.tue,
  t.timeslots.wed,
  t.timeslots.thu,
  t.timeslots.fri,
  t.timeslots.sat,
  t.timeslots.sun,
];

/** "Tue, Mar 10": a day of the strip under the chart's axis, as its button names it. */
export function dayName(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return `${WEEKDAY_NAMES[weekday]}, ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}
