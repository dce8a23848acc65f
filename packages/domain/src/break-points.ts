import { formatDuration } from './duration-format.js';

// A show's break points (issue 40, item 2): the instants inside its media, in seconds from its
// start, where a mid-programme break may go. The station sets them on the show page while
// watching it; the spot placement opens a break at each.

/** A break point's length: two minutes of spots. */
export const BREAK_POINT_SEC = 120;

/** At most this many break points in one show. */
export const MAX_BREAK_POINTS = 24;

/** Two break points closer than this are one break. */
export const MIN_BREAK_POINT_GAP_SEC = 10;

/** A break point is kept to the millisecond: a frame at 60 fps is 16.7 ms. */
function toMillisecond(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

export type BreakPointsReading = { ok: true; points: number[] } | { ok: false; message: string };

/**
 * Reads a show's break points as sent: a list of seconds inside the media (when its runtime is
 * known), at most MAX_BREAK_POINTS, at least MIN_BREAK_POINT_GAP_SEC apart; in order, to the
 * millisecond. The message says what to change.
 */
export function readBreakPoints(value: unknown, runtimeSec: number | null): BreakPointsReading {
  if (value === null || value === undefined || value === '') return { ok: true, points: [] };
  if (
    !Array.isArray(value) ||
    value.some((point) => typeof point !== 'number' || !Number.isFinite(point))
  )
    return { ok: false, message: 'Break points must be a list of seconds from the show’s start.' };
  if (value.length > MAX_BREAK_POINTS)
    return { ok: false, message: `A show has at most ${MAX_BREAK_POINTS} break points.` };
  const points = [...new Set((value as number[]).map(toMillisecond))].sort((a, b) => a - b);
  const outside = points.find(
    (point) => point <= 0 || (runtimeSec !== null && point >= runtimeSec),
  );
  if (outside !== undefined)
    return {
      ok: false,
      message:
        runtimeSec === null
          ? 'A break point must be after the show’s start.'
          : `A break point must be inside the media (after 0:00 and before ${formatDuration(runtimeSec, 'runtime')}).`,
    };
  const tooClose = points.some(
    (point, index) => index > 0 && point - (points[index - 1] ?? 0) < MIN_BREAK_POINT_GAP_SEC,
  );
  if (tooClose)
    return {
      ok: false,
      message: `Break points must be at least ${MIN_BREAK_POINT_GAP_SEC} seconds apart.`,
    };
  return { ok: true, points };
}
