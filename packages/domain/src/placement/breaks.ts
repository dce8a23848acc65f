/**
 * The break inventory (issue 40, item 2): where a channel has seconds for spots in a window.
 *
 * A timeslot holds its show and the slot's spare seconds, `durationSec − runtimeSec`; those
 * are the slot's breaks. Each break point of the show (seconds into the programme) opens a
 * break there of its allowed length, taken from the spare seconds in programme order; the
 * programme stops for it and resumes later, so every later break is pushed back by it. What is
 * left is the end break, after the programme, up to the slot's end: the end break shrinks by
 * what the point breaks use, and the slot's breaks always add up to its spare seconds. A show
 * of unknown runtime (or longer than its slot) has no breaks: nothing says what is spare.
 *
 * Time no scheduled timeslot covers (between timeslots, and in cancelled ones) is gap
 * inventory, cut at every quarter hour (00, 15, 30, 45 past on every zone's clock) so each gap
 * break lies in one clock hour and its start does not depend on the window asked for.
 */
import { QUARTER_HOUR_MS } from '../time.js';

const MS_PER_SEC = 1000;

/** Where a break sits: in a show (`point`), after it (`end`), or where nothing is scheduled. */
export type BreakKind = 'end' | 'point' | 'gap';

/** A programme as the as-run and the affidavit name it. */
export interface ProgrammeRef {
  timeslotId: string;
  showId: string;
}

/** Seconds of a channel's air where spots may go, laid back to back from its start. */
export interface Break {
  /** `${channel}:${startMs}:${kind}`: the same on every run over the same schedule. */
  id: string;
  channel: string;
  /** The channel's IANA zone: dayparts, days and clock hours are read on its wall clock. */
  timeZone: string;
  /** Epoch ms; fractional when a runtime is (runtimes are exact to the frame). */
  startMs: number;
  capacitySec: number;
  kind: BreakKind;
  /** The timeslot whose point or end break this is; null for a gap. */
  programme: ProgrammeRef | null;
  /** The programme that airs right before the break (the paused one, for a point break). */
  before: ProgrammeRef | null;
  /** The programme that airs right after it (the resumed one, for a point break). */
  after: ProgrammeRef | null;
  /**
   * On a channel airing through Airgrid playout, the segment length: a spot there takes whole
   * segments (its packaged length, `airSeconds`), and the next one starts after them. Absent:
   * spots take their exact runtime.
   */
  spotUnitSec?: number;
}

/** A timeslot as the inventory reads it. */
export interface InventoryTimeslot {
  id: string;
  showId: string;
  startMs: number;
  durationSec: number;
  status: 'scheduled' | 'cancelled';
}

/** A moment in a show where a break may go. */
export interface BreakPoint {
  /** Seconds into the programme. */
  atSec: number;
  /** The longest break the station allows there; absent: the input's default. */
  lengthSec?: number;
}

export interface InventoryShow {
  id: string;
  /** The media's running time in seconds, exact (fractional); null when not known yet. */
  runtimeSec: number | null;
  breakPoints: readonly BreakPoint[];
}

export interface InventoryInput {
  channel: { id: string; timeZone: string };
  /** Breaks starting in [from, to) (epoch ms) are listed. */
  from: number;
  to: number;
  /**
   * Every timeslot of the channel overlapping [from − 15 min, to + 15 min), in any order, plus
   * those whose breaks could start in the window; more is harmless.
   */
  timeslots: readonly InventoryTimeslot[];
  shows: readonly InventoryShow[];
  /** The length of a break point that names none, in seconds. */
  defaultPointSec: number;
}

/** The channel's breaks starting in [from, to), in time order. */
export function breakInventory(input: InventoryInput): Break[] {
  const scheduled = input.timeslots
    .filter((slot) => slot.status === 'scheduled')
    .sort((a, b) => a.startMs - b.startMs || compareText(a.id, b.id));
  const shows = new Map(input.shows.map((show) => [show.id, show]));
  const neighbours = new Neighbours(scheduled);
  const breaks = [
    ...scheduled.flatMap((slot) =>
      programmeBreaks(slot, shows.get(slot.showId), input, neighbours).filter(
        (brk) => !coveredByLaterSlot(brk, slot, scheduled),
      ),
    ),
    ...gapBreaks(scheduled, input, neighbours),
  ];
  return breaks
    .filter((brk) => brk.startMs >= input.from && brk.startMs < input.to)
    .sort((a, b) => a.startMs - b.startMs || compareText(a.id, b.id));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function endOf(slot: InventoryTimeslot): number {
  return slot.startMs + slot.durationSec * MS_PER_SEC;
}

function refOf(slot: InventoryTimeslot): ProgrammeRef {
  return { timeslotId: slot.id, showId: slot.showId };
}

/** The timeslots that start or end at an instant: what a break borders. */
class Neighbours {
  private readonly byStart = new Map<number, InventoryTimeslot>();
  private readonly byEnd = new Map<number, InventoryTimeslot>();

  constructor(scheduled: readonly InventoryTimeslot[]) {
    // In start order, so a later slot wins an instant, as it does on air.
    for (const slot of scheduled) {
      this.byStart.set(slot.startMs, slot);
      this.byEnd.set(endOf(slot), slot);
    }
  }

  startingAt(ms: number): ProgrammeRef | null {
    const slot = this.byStart.get(ms);
    return slot ? refOf(slot) : null;
  }

  endingAt(ms: number): ProgrammeRef | null {
    const slot = this.byEnd.get(ms);
    return slot ? refOf(slot) : null;
  }
}

function makeBreak(
  input: InventoryInput,
  fields: Omit<Break, 'id' | 'channel' | 'timeZone'>,
): Break {
  const { id: channel, timeZone } = input.channel;
  return { id: `${channel}:${fields.startMs}:${fields.kind}`, channel, timeZone, ...fields };
}

/**
 * The show's break points strictly inside its runtime, in order, each with its allowed length;
 * two points at one instant are one break with the longer allowance.
 */
function pointsInside(show: InventoryShow, runtimeSec: number, defaultSec: number) {
  const lengths = new Map<number, number>();
  for (const point of show.breakPoints) {
    if (!(point.atSec > 0 && point.atSec < runtimeSec)) continue;
    const lengthSec = point.lengthSec ?? defaultSec;
    lengths.set(point.atSec, Math.max(lengthSec, lengths.get(point.atSec) ?? 0));
  }
  return [...lengths]
    .map(([atSec, lengthSec]) => ({ atSec, lengthSec }))
    .sort((a, b) => a.atSec - b.atSec);
}

/** Where a programme stops for a break point: seconds into its media, and for how long. */
export interface ProgrammePause {
  atSec: number;
  lengthSec: number;
}

/**
 * A slot's pauses at its show's break points, taken from its spare seconds in programme order
 * (an allowance larger than what is left is cut to it), and the end break's length: what the
 * inventory lists and what playout airs. Null when nothing says what is spare (no show, an
 * unknown runtime, or a show as long as its slot or longer).
 */
export function programmePauses(
  slotDurationSec: number,
  show: InventoryShow | undefined,
  defaultPointSec: number,
): { pauses: ProgrammePause[]; endSec: number } | null {
  const runtimeSec = show?.runtimeSec ?? null;
  if (!show || runtimeSec === null) return null;
  const spareSec = slotDurationSec - runtimeSec;
  if (!(spareSec > 0)) return null;
  const pauses: ProgrammePause[] = [];
  // Seconds the programme has been pushed back by the breaks before.
  let pushedSec = 0;
  for (const point of pointsInside(show, runtimeSec, defaultPointSec)) {
    const lengthSec = Math.min(point.lengthSec, spareSec - pushedSec);
    if (!(lengthSec > 0)) continue;
    pauses.push({ atSec: point.atSec, lengthSec });
    pushedSec += lengthSec;
  }
  return { pauses, endSec: spareSec - pushedSec };
}

/**
 * A show as it airs through Airgrid playout on a grid of `segmentSec`-second segments: its
 * media padded to whole segments (as packaging pads it), each break point moved back to the
 * segment boundary at or before it (a segment cannot be cut), each allowance cut to whole
 * segments. The inventory of a playout channel reads its shows through this, so every break
 * starts and ends on the grid and what is placed is what airs.
 */
export function showOnGrid(
  show: InventoryShow,
  segmentSec: number,
  defaultPointSec: number,
): InventoryShow {
  const runtimeSec = show.runtimeSec === null ? null : airSeconds(show.runtimeSec, segmentSec);
  const breakPoints: BreakPoint[] = [];
  for (const point of show.breakPoints) {
    const atSec = Math.floor(point.atSec / segmentSec) * segmentSec;
    const lengthSec = Math.floor((point.lengthSec ?? defaultPointSec) / segmentSec) * segmentSec;
    if (atSec > 0 && lengthSec > 0) breakPoints.push({ atSec, lengthSec });
  }
  return { id: show.id, runtimeSec, breakPoints };
}

/**
 * Seconds a media of `durationSec` takes on a grid of `segmentSec`: whole segments, at least
 * one (a runtime a hair over a boundary, from a container's rounding, does not add one).
 */
export function airSeconds(durationSec: number, segmentSec: number): number {
  return Math.max(1, Math.ceil(durationSec / segmentSec - 1e-6)) * segmentSec;
}

/** A scheduled slot's point breaks and end break, sharing its spare seconds. */
function programmeBreaks(
  slot: InventoryTimeslot,
  show: InventoryShow | undefined,
  input: InventoryInput,
  neighbours: Neighbours,
): Break[] {
  const layout = programmePauses(slot.durationSec, show, input.defaultPointSec);
  if (!show || !layout || show.runtimeSec === null) return [];
  const runtimeSec = show.runtimeSec;
  const programme = refOf(slot);
  const breaks: Break[] = [];
  let pushedSec = 0;
  for (const pause of layout.pauses) {
    breaks.push(
      makeBreak(input, {
        startMs: slot.startMs + (pause.atSec + pushedSec) * MS_PER_SEC,
        capacitySec: pause.lengthSec,
        kind: 'point',
        programme,
        before: programme,
        after: programme,
      }),
    );
    pushedSec += pause.lengthSec;
  }
  const endSec = layout.endSec;
  if (endSec > 0) {
    breaks.push(
      makeBreak(input, {
        startMs: slot.startMs + (runtimeSec + pushedSec) * MS_PER_SEC,
        capacitySec: endSec,
        kind: 'end',
        programme,
        before: programme,
        after: neighbours.startingAt(endOf(slot)),
      }),
    );
  }
  return breaks;
}

/**
 * Double bookings are the scheduler's to fix; until then the air plan airs the slot that
 * started later (the greater id on a tie), so a break of the earlier slot that the later one
 * covers never airs and is not inventory.
 */
function coveredByLaterSlot(
  brk: Break,
  own: InventoryTimeslot,
  scheduled: readonly InventoryTimeslot[],
): boolean {
  const end = brk.startMs + brk.capacitySec * MS_PER_SEC;
  return scheduled.some(
    (other) =>
      other !== own &&
      (other.startMs > own.startMs || (other.startMs === own.startMs && other.id > own.id)) &&
      other.startMs < end &&
      endOf(other) > brk.startMs,
  );
}

/** Time no scheduled slot covers near the window, cut at quarter hours. */
function gapBreaks(
  scheduled: readonly InventoryTimeslot[],
  input: InventoryInput,
  neighbours: Neighbours,
): Break[] {
  const low = Math.floor(input.from / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const high = Math.ceil(input.to / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const breaks: Break[] = [];
  for (const [gapStart, gapEnd] of uncovered(scheduled, low, high)) {
    for (let start = gapStart; start < gapEnd; ) {
      const end = Math.min(gapEnd, (Math.floor(start / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
      breaks.push(
        makeBreak(input, {
          startMs: start,
          capacitySec: (end - start) / MS_PER_SEC,
          kind: 'gap',
          programme: null,
          before: start === gapStart ? neighbours.endingAt(start) : null,
          after: end === gapEnd ? neighbours.startingAt(end) : null,
        }),
      );
      start = end;
    }
  }
  return breaks;
}

/** The parts of [low, high) that no slot covers, in order. */
function uncovered(
  scheduled: readonly InventoryTimeslot[],
  low: number,
  high: number,
): [number, number][] {
  const gaps: [number, number][] = [];
  let cursor = low;
  for (const slot of scheduled) {
    if (slot.startMs >= high) break;
    if (slot.startMs > cursor) gaps.push([cursor, slot.startMs]);
    cursor = Math.max(cursor, endOf(slot));
  }
  if (cursor < high) gaps.push([cursor, high]);
  return gaps;
}
