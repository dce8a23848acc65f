/**
 * What airs at each segment of the grid: the air plan.
 *
 * At segment n, the timeslots that cover n (not cancelled, with packaged media) are candidates;
 * the one that started latest wins (the greater id on a tie), so a double booking never airs two
 * things and a slot that covers n matters only while it does: what airs at n depends on the
 * slots covering n alone. The winner airs its media's segment n − start while the media lasts
 * (a show longer than its slot is cut at the slot's end: the slot stops covering); a viewer
 * tuning in mid-programme therefore joins at the scheduled position. A programme with pauses
 * (break points, issue 40) stops at each for its length and resumes where it stopped.
 * Where no programme airs (a pause, the rest of a slot, a gap between slots), a placed spot airs
 * from its start; every other segment is part of a gap, filled by fill.ts (each gap's fill
 * starting where the gap does, so a break's spots are followed by filler, then the slate).
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
  type AirSpot,
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
  /** Its pauses in segments from its start: [from, to), in order. */
  pauses: { from: number; to: number }[];
  /** Segments from its start to the end of its media, pauses included. */
  airLength: number;
}

/** A spot that can air, in grid units. */
interface SpotCandidate {
  spot: AirSpot;
  start: number;
  end: number;
}

/** What airs over a stretch: a programme, a spot, or nothing (a gap). */
type Airing =
  | { kind: 'programme'; candidate: Candidate }
  | { kind: 'spot'; candidate: SpotCandidate }
  | undefined;

/** A stretch of a day where one programme or spot airs, or a gap. */
type Piece =
  | { kind: 'programme'; candidate: Candidate; from: number; to: number; starts: boolean }
  | { kind: 'spot'; candidate: SpotCandidate; from: number; to: number; starts: boolean }
  | { kind: 'gap'; gap: Gap };

/**
 * The slot's pauses in segments from its start, checked; a pause at or after the end of the
 * media is no pause (the media was replaced by a shorter one).
 */
function pausesOf(slot: AirSlot, media: PackagedMedia): { from: number; to: number }[] {
  const pauses: { from: number; to: number }[] = [];
  let pushed = 0;
  let previous = 0;
  for (const { atSegment, segments } of slot.pauses ?? []) {
    if (
      !Number.isInteger(atSegment) ||
      !Number.isInteger(segments) ||
      atSegment <= previous ||
      segments < 1
    ) {
      throw new RangeError(
        `Timeslot "${slot.id}" pauses after a whole number of its media's segments, in order, for at least one segment.`,
      );
    }
    if (atSegment >= media.segments) break;
    pauses.push({ from: atSegment + pushed, to: atSegment + pushed + segments });
    pushed += segments;
    previous = atSegment;
  }
  return pauses;
}

/** The media segment a programme airs `r` segments after its start; undefined in a pause. */
function mediaSegmentAt(c: Candidate, r: number): number | undefined {
  let pushed = 0;
  for (const pause of c.pauses) {
    if (r < pause.from) break;
    if (r < pause.to) return undefined;
    pushed += pause.to - pause.from;
  }
  return r - pushed;
}

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
      const pauses = pausesOf(slot, slot.media);
      const paused = pauses.reduce((sum, pause) => sum + pause.to - pause.from, 0);
      found.push({
        slot,
        media: slot.media,
        start,
        end,
        airsFrom,
        pauses,
        airLength: slot.media.segments + paused,
      });
    }
  }
  return found;
}

/** The programme airing at segment n (not in a pause, within its media), if any. */
function programmeAt(found: readonly Candidate[], n: number): Candidate | undefined {
  const winner = winnerAt(found, n);
  if (!winner || n >= winner.start + winner.airLength) return undefined;
  return mediaSegmentAt(winner, n - winner.start) === undefined ? undefined : winner;
}

/**
 * The spots overlapping segments [from, to) that air: those whose start no programme covers
 * (the programme is asked of the slots around that start, which may lie before `from`).
 */
function spotCandidates(playout: Playout, from: number, to: number): SpotCandidate[] {
  const t = playout.segmentSec;
  const found: SpotCandidate[] = [];
  for (const spot of playout.spots ?? []) {
    const start = onGrid(spot.start, t, `Spot "${spot.id}" start`);
    checkMedia(spot.media);
    const end = start + spot.media.segments;
    if (start >= to || end <= from) continue;
    if (programmeAt(candidates(playout, start - 1, start + 1), start)) continue;
    found.push({ spot, start, end });
  }
  return found;
}

/** The spot airing at segment n where no programme does: the latest start covering n. */
function spotAt(found: readonly SpotCandidate[], n: number): SpotCandidate | undefined {
  let winner: SpotCandidate | undefined;
  for (const c of found) {
    if (c.start > n || c.end <= n) continue;
    if (
      winner === undefined ||
      c.start > winner.start ||
      (c.start === winner.start && c.spot.id > winner.spot.id)
    ) {
      winner = c;
    }
  }
  return winner;
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

/** The programme, spot or gap pieces of one UTC day, in order, covering it exactly. */
function dayPieces(playout: Playout, day: number): Piece[] {
  const perDay = segmentsPerDay(playout.segmentSec);
  const dayStart = day * perDay;
  const dayEnd = dayStart + perDay;
  const context = dayStart - 1;
  const found = candidates(playout, context, dayEnd);
  const spots = spotCandidates(playout, context, dayEnd);
  // Between two consecutive points nothing changes: no slot or spot starts or ends, no media
  // runs out, no pause begins or ends.
  const points = new Set([context, dayStart, dayEnd]);
  const add = (p: number) => {
    if (p > context && p < dayEnd) points.add(p);
  };
  for (const c of found) {
    for (const p of [c.start, c.airsFrom, c.end, c.start + c.airLength]) add(p);
    for (const pause of c.pauses) {
      add(c.start + pause.from);
      add(c.start + pause.to);
    }
  }
  for (const c of spots) {
    add(c.start);
    add(c.end);
  }
  const sorted = [...points].sort((a, b) => a - b);
  // Label each stretch with what airs there (undefined in a gap), merging neighbours.
  const stretches: { airing: Airing; from: number; to: number }[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const from = sorted[i] as number;
    const to = sorted[i + 1] as number;
    const airing = airingAt(found, spots, from);
    const last = stretches[stretches.length - 1];
    if (last && sameAiring(last.airing, airing) && from >= dayStart === last.from >= dayStart) {
      last.to = to;
    } else stretches.push({ airing, from, to });
  }
  const before = stretches[0]?.airing;
  const pieces: Piece[] = [];
  for (const { airing, from, to } of stretches.slice(1)) {
    if (airing) {
      const starts = !(from === dayStart && sameAiring(before, airing));
      pieces.push({ ...airing, from, to, starts } as Piece);
    } else {
      const version = fillVersionAt(playout.fills, segmentStart(from, playout.segmentSec));
      pieces.push({ kind: 'gap', gap: { start: from, end: to, version } });
    }
  }
  return pieces;
}

function airingAt(found: readonly Candidate[], spots: readonly SpotCandidate[], n: number): Airing {
  const programme = programmeAt(found, n);
  if (programme) return { kind: 'programme', candidate: programme };
  const spot = spotAt(spots, n);
  return spot ? { kind: 'spot', candidate: spot } : undefined;
}

/**
 * Whether two stretches air the same play: the same spot, or the same programme with no pause
 * between (a stretch is only compared with its neighbour, so a pause always lies between two
 * parts of one programme).
 */
function sameAiring(a: Airing, b: Airing): boolean {
  return a === b || (a !== undefined && b !== undefined && a.candidate === b.candidate);
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
      const id = piece.kind === 'programme' ? piece.candidate.slot.id : piece.candidate.spot.id;
      const previous = runs[runs.length - 1];
      const starts = piece.starts && a === piece.from;
      const previousId = piece.kind === 'programme' ? previous?.slotId : previous?.spotId;
      if (!starts && previous?.kind === piece.kind && previousId === id && previous.to === a) {
        previous.to = b; // the same play, across midnight
        continue;
      }
      if (piece.kind === 'programme') {
        const { candidate } = piece;
        runs.push({
          kind: 'programme',
          media: candidate.media,
          slotId: id,
          from: a,
          to: b,
          offset: mediaSegmentAt(candidate, a - candidate.start) as number,
          starts,
        });
      } else {
        runs.push({
          kind: 'spot',
          media: piece.candidate.spot.media,
          spotId: id,
          from: a,
          to: b,
          offset: a - piece.candidate.start,
          starts,
        });
      }
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
  /** The placement of a spot. */
  spotId?: string;
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
  if (run.spotId !== undefined) item.spotId = run.spotId;
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
