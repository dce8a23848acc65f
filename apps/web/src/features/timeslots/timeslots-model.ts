import {
  addDays,
  type ChangeMode,
  formatTime,
  formatUsDate,
  localToInstant,
  mondayOfWeek,
  toRecordDate,
} from '@airgrid/domain';
import type { TimelineBar, TimelineChange } from '../../ui/timeline';

// The scheduling workspace's logic apart from React: which window of the schedule the chart
// shows for a precision and date, how the guide API's answer becomes the chart's rows and bars,
// and how a gesture on the chart becomes one request to POST /api/v1/schedule/move.

/** The precisions the workspace offers: an hour axis over a day, days over a week, weeks. */
export const WORKSPACE_PRECISIONS = ['hour', 'day', 'week'] as const;
export type WorkspacePrecision = (typeof WORKSPACE_PRECISIONS)[number];

/** What the precision select says for each precision. */
export const PRECISION_LABELS: Record<WorkspacePrecision, string> = {
  hour: 'Hours (one day)',
  day: 'Days (one week)',
  week: 'Weeks (two weeks)',
};

/** How many days one window spans per precision; two weeks is the guide API's longest window. */
const WINDOW_DAYS: Record<WorkspacePrecision, number> = { hour: 1, day: 7, week: 14 };

/** A window of the chart: its first local date and its instants, epoch ms. */
export interface ScheduleWindow {
  /** The local date (YYYY-MM-DD) the window starts on, in the organization's zone. */
  first: string;
  from: number;
  to: number;
}

/**
 * The window holding `date` (YYYY-MM-DD) on the wall calendar of `zone`: that day for hours, its
 * Monday-to-Monday week for days, and two weeks from its Monday for weeks. Local midnights, so a
 * daylight-saving day is 23 or 25 hours long.
 */
export function windowFor(
  precision: WorkspacePrecision,
  date: string,
  zone: string,
): ScheduleWindow {
  const noon = localToInstant(`${date}T12:00`, zone);
  const first = precision === 'hour' ? date : mondayOfWeek(noon, zone);
  return {
    first,
    from: localToInstant(`${first}T00:00`, zone),
    to: localToInstant(`${addDays(first, WINDOW_DAYS[precision])}T00:00`, zone),
  };
}

/** The date the previous (-1) or next (+1) window is anchored on: one window's length away. */
export function stepDate(precision: WorkspacePrecision, date: string, direction: -1 | 1): string {
  return addDays(date, direction * WINDOW_DAYS[precision]);
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
export function listStart(epochMs: number, zone: string): string {
  return `${formatTime(epochMs, zone)} ${formatUsDate(epochMs, zone)}`;
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
  return reason === 'locked'
    ? `"${blockingLabel}" is locked: unlock it before moving or resizing it. Nothing was changed.`
    : `That would overlap "${blockingLabel}" in no-overlap mode. Nothing was changed.`;
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
