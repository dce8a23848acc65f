/**
 * The global segment grid every channel airs on.
 *
 * Time is cut into segments of T seconds counted from the Unix epoch: segment n covers
 * [n·T, (n+1)·T). Packaging pads every media to whole segments, so every segment of every
 * playlist lasts exactly T, and the number of a segment is a function of the clock alone: the
 * `EXT-X-MEDIA-SEQUENCE` of a window is the grid index of its first segment, the same on every
 * node with no state kept anywhere.
 *
 * T must divide 900 s so that timeslots (15-minute starts and lengths) and UTC days (86,400 s,
 * a multiple of 900) lie on the grid: a programme then always starts on a segment boundary and a
 * day always holds a whole number of segments.
 */
import { QUARTER_HOUR_SEC } from '../time.js';

/** The segment length used unless a channel says otherwise: Apple's recommended 6 s. */
export const DEFAULT_SEGMENT_SEC = 6;

const MS_PER_SEC = 1000;
const DAY_SEC = 86_400;

/** Throws unless T is a whole number of seconds that divides 900 (1, 2, 3, 4, 5, 6, 9, 10, …). */
export function checkSegmentSec(segmentSec: number): void {
  if (!Number.isInteger(segmentSec) || segmentSec <= 0 || QUARTER_HOUR_SEC % segmentSec !== 0) {
    throw new RangeError(
      `A segment must last a whole number of seconds that divides 900 (got ${segmentSec}).`,
    );
  }
}

/** The grid index of the segment that contains the instant (epoch ms). */
export function segmentAt(epochMs: number, segmentSec: number): number {
  return Math.floor(epochMs / (segmentSec * MS_PER_SEC));
}

/** The instant (epoch ms) segment n starts. */
export function segmentStart(segment: number, segmentSec: number): number {
  return segment * segmentSec * MS_PER_SEC;
}

/**
 * The first segment boundary after the instant: where an edit made now can take effect without
 * changing a segment some playlist may already list (every playlist served up to `epochMs`
 * lists segments that start at or before it).
 */
export function nextSegmentBoundary(epochMs: number, segmentSec: number): number {
  return segmentStart(segmentAt(epochMs, segmentSec) + 1, segmentSec);
}

/** Segments in one UTC day. */
export function segmentsPerDay(segmentSec: number): number {
  return DAY_SEC / segmentSec;
}

/** The UTC day (days since 1970-01-01) that holds segment n. */
export function dayOfSegment(segment: number, segmentSec: number): number {
  return Math.floor(segment / segmentsPerDay(segmentSec));
}

/** The UTC day (days since 1970-01-01) that holds the instant: the key of a day's count. */
export function utcDay(epochMs: number): number {
  return Math.floor(epochMs / (DAY_SEC * MS_PER_SEC));
}

/**
 * The instant as a whole number of segments, or a RangeError naming `what`: schedule instants
 * must lie on the grid (timeslots do, being on the 15-minute grid; on-air splits do, being made
 * at segment boundaries).
 */
export function onGrid(epochMs: number, segmentSec: number, what: string): number {
  const segment = epochMs / (segmentSec * MS_PER_SEC);
  if (!Number.isInteger(segment)) {
    throw new RangeError(`${what} is not on the ${segmentSec}-second segment grid (${epochMs}).`);
  }
  return segment;
}
