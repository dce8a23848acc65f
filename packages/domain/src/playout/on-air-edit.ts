/**
 * An edit to the programme on air, applied at the next segment boundary.
 *
 * Playlists already served list segments up to the one containing `now`; changing what those
 * segments air would break every player holding them. So the on-air timeslot is split at the
 * next boundary b: the part before b stays as it was (its show cut at b), the part from b on
 * takes the edit as a new timeslot starting at b (a new show starts there from its beginning; a
 * cancellation leaves a gap, filled from b). Nothing before b changes: not a segment, not a
 * number, not a day's count of item starts before b.
 *
 * The two parts start and end on the segment grid, not necessarily on the 15-minute grid: the
 * service storing them must accept that for split slots.
 */
import type { AirSlot } from './playout.js';
import { nextSegmentBoundary } from './segment-grid.js';

/** What changes from the boundary on: a different show's media, a cancellation, another end. */
export interface OnAirEdit {
  media?: AirSlot['media'];
  cancelled?: boolean;
  /** A new end instant (epoch ms, on the grid); never earlier than the boundary. */
  end?: number;
}

/**
 * The slots that replace `slot` when `edit` is made at `now`, with b the next segment boundary:
 *
 * - over by b: `[slot]` unchanged (the past is not edited);
 * - starting at or after b: `[slot]` edited in place (`[]` when its new end leaves nothing);
 * - on air, only its end changing: `[slot]` ending at the new end, never before b (the show
 *   keeps its position: only where it is cut moves);
 * - on air, its show or status changing: the part before b, then the edited part from b with the
 *   id `afterId`.
 */
export function splitOnAir(
  slot: AirSlot,
  edit: OnAirEdit,
  now: number,
  segmentSec: number,
  afterId: string,
): AirSlot[] {
  const boundary = nextSegmentBoundary(now, segmentSec);
  const end = slot.start + slot.durationSec * 1000;
  if (end <= boundary) return [slot];
  const from = Math.max(slot.start, boundary);
  const newEnd = Math.max(edit.end ?? end, from);
  const content: Partial<AirSlot> = {};
  if (edit.media !== undefined) content.media = edit.media;
  if (edit.cancelled !== undefined) content.cancelled = edit.cancelled;
  const inPlace = from === slot.start || Object.keys(content).length === 0;
  // Another media brings its own readiness and pauses (the caller's to give): the old one's do
  // not apply.
  const { mediaReadyAt, pauses, ...withoutReadiness } = slot;
  const base = edit.media !== undefined ? withoutReadiness : slot;
  if (inPlace) {
    const edited: AirSlot = { ...base, ...content, durationSec: (newEnd - slot.start) / 1000 };
    return newEnd > slot.start ? [edited] : [];
  }
  const before: AirSlot = { ...slot, durationSec: (boundary - slot.start) / 1000 };
  if (newEnd === from) return [before];
  return [
    before,
    { ...base, ...content, id: afterId, start: from, durationSec: (newEnd - from) / 1000 },
  ];
}
