/**
 * What airs at each segment of the grid: the air plan.
 *
 * At segment n, the timeslots that cover n (not cancelled, with packaged media) are candidates;
 * the one that started latest wins (the greater id on a tie), so a double booking never airs two
 * things and a slot that covers n matters only while it does: what airs at n depends on the
 * slots covering n alone. The winner airs its media's segment n − start while the media lasts
 * (a show longer than its slot is cut at the slot's end: the slot stops covering); a viewer
 * tuning in mid-programme therefore joins at the scheduled position. Every other segment is part
 * of a gap, filled by fill.ts.
 *
 * The plan is computed per UTC day, and a gap that runs through midnight restarts its fill there.
 * That bounds what a day depends on to the slots overlapping it (and the segment before it): the
 * count of item starts in a day (`itemStartsInDay`, the unit of the discontinuity sequence) is
 * a pure function of that day's schedule, which the server can memoise per day.
 */
import { fillRuns, fillStarts, fillVersionAt, type Gap } from './fill.js';
import {
  type AiringKind,
  type AirSlot,
  checkMedia,
  type PackagedMedia,
  type Playout,
  type Run,
} from './playout.js';
import {
  checkSegmentSec,
  dayOfSegment,
  onGrid,
  segmentStart,
  segmentsPerDay,
} from './segment-grid.js';

/** A timeslot that can air, in grid units. */
interface Candidate {
  slot: AirSlot;
  media: PackagedMedia;
  start: number;
  end: number;
  /** The first segment it may air: its start, or the first one after its media was ready. */
  airsFrom: number;
}

/** A stretch of a day where one programme airs, or a gap. */
type Piece =
  | { kind: 'programme'; candidate: Candidate; from: number; to: number; starts: boolean }
  | { kind: 'gap'; gap: Gap };

function candidates(playout: Playout, from: number, to: number): Candidate[] {
  const t = playout.segmentSec;
  const found: Candidate[] = [];
  for (const slot of playout.slots) {
    if (slot.cancelled || !slot.media) continue;
    const start = onGrid(slot.start, t, `Timeslot "${slot.id}" start`);
    const end = onGrid(slot.start + slot.durationSec * 1000, t, `Timeslot "${slot.id}" end`);
    const ready =
      slot.mediaReadyAt === undefined ? start : Math.ceil(slot.mediaReadyAt / (t * 1000));
    const airsFrom = Math.max(start, ready);
    if (start < to && end > from && airsFrom < end) {
      checkMedia(slot.media);
      found.push({ slot, media: slot.media, start, end, airsFrom });
    }
  }
  return found;
}

/** The candidate airing at segment n: the latest start among those covering n and ready. */
function winnerAt(found: readonly Candidate[], n: number): Candidate | undefined {
  let winner: Candidate | undefined;
  for (const c of found) {
    if (c.airsFrom > n || c.end <= n) continue;
    if (
      winner === undefined ||
      c.start > winner.start ||
      (c.start === winner.start && c.slot.id > winner.slot.id)
    ) {
      winner = c;
    }
  }
  return winner;
}

/** The programme or gap pieces of one UTC day, in order, covering it exactly. */
function dayPieces(playout: Playout, day: number): Piece[] {
  const perDay = segmentsPerDay(playout.segmentSec);
  const dayStart = day * perDay;
  const dayEnd = dayStart + perDay;
  const context = dayStart - 1;
  const found = candidates(playout, context, dayEnd);
  // Between two consecutive points nothing changes: no slot starts or ends, no media runs out.
  const points = new Set([context, dayStart, dayEnd]);
  for (const c of found) {
    for (const p of [c.start, c.airsFrom, c.end, c.start + c.media.segments]) {
      if (p > context && p < dayEnd) points.add(p);
    }
  }
  const sorted = [...points].sort((a, b) => a - b);
  // Label each stretch with the candidate airing there (undefined in a gap), merging neighbours.
  const stretches: { airing: Candidate | undefined; from: number; to: number }[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const from = sorted[i] as number;
    const to = sorted[i + 1] as number;
    const winner = winnerAt(found, from);
    const airing = winner && from < winner.start + winner.media.segments ? winner : undefined;
    const last = stretches[stretches.length - 1];
    if (last && last.airing === airing && from >= dayStart === last.from >= dayStart) {
      last.to = to;
    } else stretches.push({ airing, from, to });
  }
  const before = stretches[0]?.airing;
  const pieces: Piece[] = [];
  for (const { airing, from, to } of stretches.slice(1)) {
    if (airing) {
      const continues = from === dayStart && before === airing;
      pieces.push({ kind: 'programme', candidate: airing, from, to, starts: !continues });
    } else {
      const version = fillVersionAt(playout.fills, segmentStart(from, playout.segmentSec));
      pieces.push({ kind: 'gap', gap: { start: from, end: to, version } });
    }
  }
  return pieces;
}

function forEachDay(playout: Playout, from: number, to: number, visit: (p: Piece[]) => void) {
  checkSegmentSec(playout.segmentSec);
  if (from >= to) return;
  const last = dayOfSegment(to - 1, playout.segmentSec);
  for (let day = dayOfSegment(from, playout.segmentSec); day <= last; day++) {
    visit(dayPieces(playout, day));
  }
}

/**
 * The runs of items over grid segments [from, to), in order, covering the range exactly: each
 * clipped to it, an item that continues across midnight given as one run.
 */
export function runsBetween(playout: Playout, from: number, to: number): Run[] {
  const runs: Run[] = [];
  forEachDay(playout, from, to, (pieces) => {
    for (const piece of pieces) {
      if (piece.kind === 'gap') {
        runs.push(...fillRuns(piece.gap, from, to));
        continue;
      }
      const a = Math.max(piece.from, from);
      const b = Math.min(piece.to, to);
      if (a >= b) continue;
      const { candidate } = piece;
      const previous = runs[runs.length - 1];
      const starts = piece.starts && a === piece.from;
      if (!starts && previous?.slotId === candidate.slot.id && previous.to === a) {
        previous.to = b; // the same programme, across midnight
        continue;
      }
      runs.push({
        kind: 'programme',
        media: candidate.media,
        slotId: candidate.slot.id,
        from: a,
        to: b,
        offset: a - candidate.start,
        starts,
      });
    }
  });
  return runs;
}

/** The item airing at grid segment n, as a one-segment run. */
export function itemAt(playout: Playout, segment: number): Run {
  return runsBetween(playout, segment, segment + 1)[0] as Run;
}

/** How many items start within grid segments [from, to): the discontinuities there. */
export function itemStartsBetween(playout: Playout, from: number, to: number): number {
  let count = 0;
  forEachDay(playout, from, to, (pieces) => {
    for (const piece of pieces) {
      if (piece.kind === 'gap') count += fillStarts(piece.gap, from, to);
      else if (piece.starts && piece.from >= from && piece.from < to) count++;
    }
  });
  return count;
}

/**
 * How many items start on a UTC day (days since 1970-01-01): a pure function of the slots that
 * overlap the day (or end as it begins) and the fill, so a caller may memoise it per day and
 * schedule version. The discontinuity sequence is the sum of these since the channel's anchor.
 */
export function itemStartsInDay(playout: Playout, day: number): number {
  const perDay = segmentsPerDay(playout.segmentSec);
  return itemStartsBetween(playout, day * perDay, (day + 1) * perDay);
}

/** One entry of what aired: the as-run log's line, XMLTV's check, a playlist's item. */
export interface AiredItem {
  kind: AiringKind;
  mediaId: string;
  /** The timeslot of a programme. */
  slotId?: string;
  /** Epoch ms, on the grid, clipped to the interval asked for. */
  start: number;
  end: number;
  /** Seconds into the media at `start` (0 unless the item began earlier or joined late). */
  offsetSec: number;
  /** True when the item starts at `start`; false when it was already airing. */
  starts: boolean;
}

/** A run in instants. */
export function airedItem(run: Run, segmentSec: number): AiredItem {
  const item: AiredItem = {
    kind: run.kind,
    mediaId: run.media.id,
    start: segmentStart(run.from, segmentSec),
    end: segmentStart(run.to, segmentSec),
    offsetSec: run.offset * segmentSec,
    starts: run.starts,
  };
  if (run.slotId !== undefined) item.slotId = run.slotId;
  return item;
}

/**
 * What airs between two instants (epoch ms), widened to whole segments: the as-run log and the
 * XMLTV comparison read this, the playlist is made of it, so they cannot disagree.
 */
export function airedBetween(playout: Playout, fromMs: number, toMs: number): AiredItem[] {
  const t = playout.segmentSec;
  checkSegmentSec(t);
  const from = Math.floor(fromMs / (t * 1000));
  const to = Math.ceil(toMs / (t * 1000));
  return runsBetween(playout, from, to).map((run) => airedItem(run, t));
}
