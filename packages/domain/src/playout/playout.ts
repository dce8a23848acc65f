/**
 * What a channel's playout is computed from: its timeslots with their packaged media, its filler
 * and slate, and the segment length. Instants are epoch milliseconds (UTC) throughout, so local
 * days of 23 or 25 hours need no special case.
 */

/** A media packaged into HLS VOD segments: `segments` of exactly T seconds each (padded). */
export interface PackagedMedia {
  id: string;
  /** How many segments the packaged media holds, at least 1. */
  segments: number;
}

/** A timeslot as playout reads it. */
export interface AirSlot {
  id: string;
  /** Start instant, epoch ms, on the segment grid (any 15-minute start is). */
  start: number;
  /** A whole number of segments (any multiple of 15 minutes is). */
  durationSec: number;
  /** A cancelled timeslot airs as a gap. */
  cancelled?: boolean;
  /** The show's packaged media; a timeslot without any (not packaged yet) airs as a gap. */
  media?: PackagedMedia | null;
  /**
   * When the media became ready (epoch ms), if after the slot's start: the programme airs only
   * on segments that start at or after it, joining at the scheduled position, and what aired
   * before (a gap) stays as it was.
   */
  mediaReadyAt?: number;
  /**
   * Where the programme stops for a break (issue 40): after `atSegment` segments of its media
   * (0 < atSegment < media.segments, increasing), for `segments` grid segments, then resumes
   * where it stopped. What airs in the pause is the break's spots, then the fill.
   */
  pauses?: readonly { atSegment: number; segments: number }[];
}

/**
 * A placed spot (issue 40): its packaged media airs from `start` (epoch ms, on the grid) in a
 * break or a gap, where no programme airs. A spot whose start a programme covers does not air;
 * one that runs into a programme is cut there. Of two spots at one segment, the later start
 * wins (the greater id on a tie), as timeslots do.
 */
export interface AirSpot {
  /** The placement. */
  id: string;
  start: number;
  media: PackagedMedia;
}

/**
 * What fills the gaps from `from` on: the filler rotation (station's order) and the slate.
 * A version applies to the gaps that start at or after its `from` (the first version also to
 * any before), so a change never alters a gap already on air: see README.md.
 */
export interface FillVersion {
  from: number;
  /** Shows and clips the station marks as filler, played back to back. Empty: the slate. */
  clips: readonly PackagedMedia[];
  /** A short loop aired when there is no filler. */
  slate: PackagedMedia;
}

/** One channel's playout inputs. */
export interface Playout {
  /** Segment length T in seconds; divides 900. */
  segmentSec: number;
  /**
   * The timeslots, in any order. A computation over segments [from, to) needs every slot that
   * overlaps [from − T, to): `start < to` and `end ≥ from`. Extra slots are harmless.
   */
  slots: readonly AirSlot[];
  /** At least one version, in any order, each from a distinct instant. */
  fills: readonly FillVersion[];
  /** The placed spots, in any order; a computation needs those overlapping it, as for slots. */
  spots?: readonly AirSpot[];
}

/**
 * programme: a timeslot's show; spot: a placed spot; filler: a clip of the rotation; slate: one
 * pass of the slate.
 */
export type AiringKind = 'programme' | 'spot' | 'filler' | 'slate';

/**
 * A run of one item over consecutive segments, in grid indexes, clipped to the range asked for.
 * Every item plays its media from `offset` on, one media segment per grid segment.
 */
export interface Run {
  kind: AiringKind;
  media: PackagedMedia;
  /** The timeslot a programme belongs to. */
  slotId?: string;
  /** The placement a spot airs. */
  spotId?: string;
  /** First grid segment of the run (inclusive) and the segment after its last. */
  from: number;
  to: number;
  /** The media segment aired at `from`. */
  offset: number;
  /** True when the item starts at `from` (a discontinuity); false when it began earlier. */
  starts: boolean;
}

/** Throws unless the media holds a whole number of segments, at least one. */
export function checkMedia(media: PackagedMedia): void {
  if (!Number.isInteger(media.segments) || media.segments < 1) {
    throw new RangeError(
      `A packaged media holds at least one whole segment ("${media.id}" has ${media.segments}).`,
    );
  }
}
