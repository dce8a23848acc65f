/**
 * The live HLS media playlist of a channel at an instant: a sliding window over the air plan.
 *
 * Everything in it is a function of the inputs, so every node returns the same bytes for the same
 * instant and keeps no state:
 *
 * - the window ends at the live edge, the segment that contains `now` (it has started, and its
 *   packaged file exists in full), and holds `windowSegments` segments;
 * - `EXT-X-MEDIA-SEQUENCE` is the grid index of the window's first segment (segment-grid.ts);
 * - `EXT-X-DISCONTINUITY-SEQUENCE` is the number of item starts from the channel's anchor up to
 *   and including the window's first segment: whole days from the caller (`startsBeforeDay`,
 *   memoisable sums of `itemStartsInDay`), the rest of the first segment's day counted here. It
 *   includes the first segment because its `EXT-X-DISCONTINUITY` is left out (RFC 8216 counts a
 *   segment's discontinuity number as the sequence plus the tags before it in the playlist), so
 *   a segment keeps its number in every playlist that lists it;
 * - each item's first segment in the window carries `EXT-X-PROGRAM-DATE-TIME`, its grid instant,
 *   which is the schedule's time for it exactly; each item start after the first segment carries
 *   `EXT-X-DISCONTINUITY` (every item is packaged separately, its timestamps start again).
 */
import { type AiredItem, airedItem, itemStartsBetween, runsBetween } from './air-plan.js';
import type { AiringKind, Playout } from './playout.js';
import { dayOfSegment, segmentAt, segmentStart, segmentsPerDay } from './segment-grid.js';

/** Segments a playlist lists unless told otherwise: 60 s at 6 s, ten times what a player needs. */
export const DEFAULT_WINDOW_SEGMENTS = 10;

export interface LivePlaylistRequest {
  /** The instant, epoch ms. */
  now: number;
  windowSegments?: number;
  /**
   * Item starts on every UTC day from the channel's anchor day up to, not including, `day`
   * (days since 1970-01-01): the sum of `itemStartsInDay` over those days, memoised by the caller.
   */
  startsBeforeDay: (day: number) => number;
  /** The URI of a media's segment (0-based), e.g. the rendition's file or a WebVTT cue file. */
  segmentUri: (mediaId: string, segment: number) => string;
}

/** One segment of the window. */
export interface ListedSegment {
  /** Grid index: its media sequence number. */
  sequence: number;
  /** Its discontinuity sequence number. */
  discontinuity: number;
  /** Start instant, epoch ms: its programme date-time. */
  start: number;
  kind: AiringKind;
  mediaId: string;
  slotId?: string;
  /** The media's segment aired here (0-based). */
  mediaSegment: number;
  /** True when an item starts here. */
  startsItem: boolean;
}

export interface LivePlaylist {
  /** The playlist's bytes. */
  text: string;
  mediaSequence: number;
  discontinuitySequence: number;
  segments: ListedSegment[];
  /** The items of the window, clipped to it. */
  items: AiredItem[];
}

/**
 * The window a playlist at `now` lists: its first segment's start instant (epoch ms) and that
 * segment's UTC day, the `day` it will ask `startsBeforeDay` for. The caller reads the schedule
 * from `from` (less one segment) to `now` and the day's count before calling {@link livePlaylist}.
 */
export function playlistWindow(
  now: number,
  segmentSec: number,
  windowSegments = DEFAULT_WINDOW_SEGMENTS,
): { from: number; day: number } {
  const first = segmentAt(now, segmentSec) - windowSegments + 1;
  return { from: segmentStart(first, segmentSec), day: dayOfSegment(first, segmentSec) };
}

/** The live media playlist of the channel at `request.now`. */
export function livePlaylist(playout: Playout, request: LivePlaylistRequest): LivePlaylist {
  const t = playout.segmentSec;
  const size = request.windowSegments ?? DEFAULT_WINDOW_SEGMENTS;
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`A playlist window holds at least one segment (got ${size}).`);
  }
  const last = segmentAt(request.now, t);
  const first = last - size + 1;
  const runs = runsBetween(playout, first, last + 1);
  const day = dayOfSegment(first, t);
  const sequence =
    request.startsBeforeDay(day) + itemStartsBetween(playout, day * segmentsPerDay(t), first + 1);

  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${t}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${sequence}`,
  ];
  const extinf = `#EXTINF:${t.toFixed(3)},`;
  const segments: ListedSegment[] = [];
  let discontinuity = sequence;
  for (const run of runs) {
    for (let n = run.from; n < run.to; n++) {
      const startsItem = run.starts && n === run.from;
      if (startsItem && n !== first) {
        discontinuity++;
        lines.push('#EXT-X-DISCONTINUITY');
      }
      const start = segmentStart(n, t);
      if (n === run.from) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(start).toISOString()}`);
      const mediaSegment = run.offset + n - run.from;
      lines.push(extinf, request.segmentUri(run.media.id, mediaSegment));
      const segment: ListedSegment = {
        sequence: n,
        discontinuity,
        start,
        kind: run.kind,
        mediaId: run.media.id,
        mediaSegment,
        startsItem,
      };
      if (run.slotId !== undefined) segment.slotId = run.slotId;
      segments.push(segment);
    }
  }
  return {
    text: `${lines.join('\n')}\n`,
    mediaSequence: first,
    discontinuitySequence: sequence,
    segments,
    items: runs.map((run) => airedItem(run, t)),
  };
}
