import { airSeconds, type Break } from './breaks.js';
import { isoDateOfDay, type LocalClocks, type LocalMoment } from './local-clock.js';

const MS_PER_SEC = 1000;

/** A break with what the rules read from it, worked out once. */
export interface BreakFacts {
  brk: Break;
  /** Its place in the order breaks are filled: by start, then id. -1: not in the inventory. */
  index: number;
  endMs: number;
  moment: LocalMoment;
  /** Local date, and the Monday of its local week, "YYYY-MM-DD". */
  day: string;
  week: string;
  /** The clock hour it starts in, on its channel: per-hour caps count in it. */
  hourKey: string;
  /** The programme it belongs to: per-programme caps count in it. */
  programmeKey: string;
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Breaks in the order they are filled: by start, then id; one per id. */
export function orderBreaks(breaks: readonly Break[]): Break[] {
  const byId = new Map<string, Break>();
  for (const brk of breaks) if (!byId.has(brk.id)) byId.set(brk.id, brk);
  return [...byId.values()].sort((a, b) => a.startMs - b.startMs || compareText(a.id, b.id));
}

export function describeBreak(brk: Break, index: number, clocks: LocalClocks): BreakFacts {
  const moment = clocks.of(brk.timeZone).read(brk.startMs);
  return {
    brk,
    index,
    endMs: brk.startMs + brk.capacitySec * MS_PER_SEC,
    moment,
    day: isoDateOfDay(moment.epochDay),
    week: isoDateOfDay(moment.epochDay - (moment.weekday - 1)),
    hourKey: `${brk.channel}:${moment.hourStartMs}`,
    programmeKey: brk.programme ? `slot:${brk.programme.timeslotId}` : `break:${brk.id}`,
  };
}

/** The seconds a spot takes in the break: its runtime, or whole segments on playout. */
export function spotLength(durationSec: number, facts: BreakFacts): number {
  const unit = facts.brk.spotUnitSec;
  return unit === undefined ? durationSec : airSeconds(durationSec, unit);
}
