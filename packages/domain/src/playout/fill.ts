/**
 * How a gap is filled: the filler rotation once through, then the slate looped.
 *
 * A gap is a run of segments where no programme airs: between timeslots, after a show that ends
 * before its slot does, a cancelled or unpackaged timeslot. Its fill is a function of the gap's
 * start alone: the rotation begins at a clip picked from the start segment (a hash, so a gap at
 * the same time every day does not always open with the same clip) and plays each clip once in
 * the station's order from there, wrapping around; then the slate loops, each pass an item. The
 * item running when the gap ends is cut there.
 * Because nothing depends on where the gap ends, an edit that lengthens or shortens a gap
 * (a timeslot added, moved or cancelled later in it) leaves what already aired unchanged.
 *
 * After the clips the fill repeats with the slate's period, so finding the item at any point of
 * a gap costs O(clips), whatever the gap's length.
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

/** A gap's fill: the filler clips once each in play order, where each starts, then the slate. */
interface FillPlan {
  clips: PackagedMedia[];
  offsets: number[];
  /** Segments the clips take: the slate loops from there on. */
  clipsLength: number;
  slate: PackagedMedia;
}

function planOf(version: FillVersion, gapStart: number): FillPlan {
  const clips = version.clips;
  for (const clip of clips) checkMedia(clip);
  checkMedia(version.slate);
  const first = clips.length > 0 ? rotationStart(gapStart, clips.length) : 0;
  const ordered = clips.map((_, i) => clips[(first + i) % clips.length] as PackagedMedia);
  const offsets: number[] = [];
  let length = 0;
  for (const clip of ordered) {
    offsets.push(length);
    length += clip.segments;
  }
  return { clips: ordered, offsets, clipsLength: length, slate: version.slate };
}

/** The item playing at position p of the gap (segments from its start), and where it began. */
function itemAt(
  plan: FillPlan,
  p: number,
): { kind: 'filler' | 'slate'; media: PackagedMedia; start: number } {
  if (p < plan.clipsLength) {
    let index = 0;
    while (index + 1 < plan.clips.length && (plan.offsets[index + 1] as number) <= p) index++;
    return {
      kind: 'filler',
      media: plan.clips[index] as PackagedMedia,
      start: plan.offsets[index] as number,
    };
  }
  const pass = Math.floor((p - plan.clipsLength) / plan.slate.segments);
  return { kind: 'slate', media: plan.slate, start: plan.clipsLength + pass * plan.slate.segments };
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
  const plan = planOf(gap.version, gap.start);
  const runs: Run[] = [];
  let item = itemAt(plan, a - gap.start);
  while (gap.start + item.start < b) {
    const itemStart = gap.start + item.start;
    const start = Math.max(itemStart, a);
    const end = Math.min(itemStart + item.media.segments, b);
    runs.push({
      kind: item.kind,
      media: item.media,
      from: start,
      to: end,
      offset: start - itemStart,
      starts: start === itemStart,
    });
    item = itemAt(plan, item.start + item.media.segments);
  }
  return runs;
}

/** How many fill items start within segments [from, to) of the gap, in O(clips). */
export function fillStarts(gap: Gap, from: number, to: number): number {
  const a = Math.max(gap.start, from);
  const b = Math.min(gap.end, to);
  if (a >= b) return 0;
  const plan = planOf(gap.version, gap.start);
  /** Item starts at positions [0, p) of the gap: clips, then slate passes. */
  const before = (p: number) => {
    if (p <= plan.clipsLength) return plan.offsets.filter((offset) => offset < p).length;
    return plan.clips.length + Math.ceil((p - plan.clipsLength) / plan.slate.segments);
  };
  return before(b - gap.start) - before(a - gap.start);
}
