/**
 * How a gap is filled: the filler rotation back to back, or the slate looped when there is none.
 *
 * A gap is a run of segments where no programme airs: between timeslots, after a show that ends
 * before its slot does, a cancelled or unpackaged timeslot. Its fill is a function of the gap's
 * start alone: the rotation begins at a clip picked from the start segment (a hash, so a gap at
 * the same time every day does not always open with the same clip) and plays the clips in the
 * station's order from there, wrapping around; the clip running when the gap ends is cut there.
 * Because nothing depends on where the gap ends, an edit that lengthens or shortens a gap
 * (a timeslot added, moved or cancelled later in it) leaves what already aired unchanged.
 *
 * The fill repeats with a period of one cycle (the sum of the clips' segments), so finding the
 * item at any point of a gap costs O(clips), whatever the gap's length.
 */
import { checkMedia, type FillVersion, type PackagedMedia, type Run } from './playout.js';

/** The version in force for a gap starting at `startMs`: the latest `from` at or before it. */
export function fillVersionAt(fills: readonly FillVersion[], startMs: number): FillVersion {
  let chosen: FillVersion | undefined;
  let earliest: FillVersion | undefined;
  for (const version of fills) {
    if (earliest === undefined || version.from < earliest.from) earliest = version;
    if (version.from <= startMs && (chosen === undefined || version.from > chosen.from)) {
      chosen = version;
    }
  }
  const found = chosen ?? earliest;
  if (found === undefined) throw new RangeError('A playout needs at least one fill version.');
  return found;
}

/**
 * Where the rotation starts in a gap that starts at segment `gapStart`: a 32-bit mix (murmur3's
 * finaliser) of the segment index, modulo the number of clips. Pure, and well spread: a day
 * holds 14,400 six-second segments, which a plain `gapStart mod clips` would map to the same
 * clip every day for any rotation of 2, 3, 4, 5, 6, 8, 9, 10, 12 … clips.
 */
export function rotationStart(gapStart: number, clips: number): number {
  let h = (gapStart >>> 0) ^ Math.floor(gapStart / 0x1_0000_0000);
  h = Math.imul(h ^ (h >>> 16), 0x85eb_ca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2_ae35);
  return ((h ^ (h >>> 16)) >>> 0) % clips;
}

/** One cycle of a gap's fill: the items in play order, their start offsets and its length. */
interface Cycle {
  kind: 'filler' | 'slate';
  items: PackagedMedia[];
  offsets: number[];
  length: number;
}

function cycleOf(version: FillVersion, gapStart: number): Cycle {
  const clips = version.clips;
  for (const clip of clips) checkMedia(clip);
  checkMedia(version.slate);
  const first = clips.length > 0 ? rotationStart(gapStart, clips.length) : 0;
  const items =
    clips.length > 0
      ? clips.map((_, i) => clips[(first + i) % clips.length] as PackagedMedia)
      : [version.slate];
  const offsets: number[] = [];
  let length = 0;
  for (const item of items) {
    offsets.push(length);
    length += item.segments;
  }
  return { kind: clips.length > 0 ? 'filler' : 'slate', items, offsets, length };
}

/** A gap: segments [start, end) with the fill version in force at its start. */
export interface Gap {
  start: number;
  end: number;
  version: FillVersion;
}

/** The fill's runs within segments [from, to) of the gap, each clipped to that range. */
export function fillRuns(gap: Gap, from: number, to: number): Run[] {
  const a = Math.max(gap.start, from);
  const b = Math.min(gap.end, to);
  if (a >= b) return [];
  const cycle = cycleOf(gap.version, gap.start);
  const position = a - gap.start;
  let itemStart = gap.start + Math.floor(position / cycle.length) * cycle.length;
  let index = 0;
  const within = position % cycle.length;
  while (index + 1 < cycle.items.length && (cycle.offsets[index + 1] as number) <= within) index++;
  itemStart += cycle.offsets[index] as number;
  const runs: Run[] = [];
  while (itemStart < b) {
    const media = cycle.items[index] as PackagedMedia;
    const start = Math.max(itemStart, a);
    const end = Math.min(itemStart + media.segments, b);
    runs.push({
      kind: cycle.kind,
      media,
      from: start,
      to: end,
      offset: start - itemStart,
      starts: start === itemStart,
    });
    itemStart += media.segments;
    index = (index + 1) % cycle.items.length;
  }
  return runs;
}

/** How many fill items start within segments [from, to) of the gap, in O(clips). */
export function fillStarts(gap: Gap, from: number, to: number): number {
  const a = Math.max(gap.start, from);
  const b = Math.min(gap.end, to);
  if (a >= b) return 0;
  const cycle = cycleOf(gap.version, gap.start);
  /** Item starts at positions [0, p) of the gap. */
  const before = (p: number) => {
    const within = p % cycle.length;
    let partial = 0;
    for (const offset of cycle.offsets) if (offset < within) partial++;
    return Math.floor(p / cycle.length) * cycle.items.length + partial;
  };
  return before(b - gap.start) - before(a - gap.start);
}
