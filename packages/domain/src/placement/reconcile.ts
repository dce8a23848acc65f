/**
 * Proof of play from another playout's log (issue 40, item 6): an as-run log imported from the
 * station's own playout (Cablecast, CasparCG…) reconciled against the placements of the period
 * it covers. Each placement aired (a line of its ad started near its planned second) or was
 * missed (the log covers its time and has no such line); each line of one of the station's
 * spots that proves no placement aired off-plan. Pure: no I/O, no clock.
 * Why it works this way: docs/decisions/0051-proof-of-play-import.md.
 */

import { compareText } from './break-facts.js';

/** How far from its planned second a spot may start and still prove its placement: 5 minutes. */
export const AIRED_TOLERANCE_MS = 5 * 60_000;

/** A placement as reconciliation reads it. */
export interface PlannedSpot {
  id: string;
  ad: string;
  /** Epoch ms. */
  startMs: number;
  durationSec: number;
}

/** A spot line of the imported log: the station's ad that aired and when, to the second. */
export interface LoggedSpot {
  /** The line's number in the file (header = 1): how refusals and outcomes name it. */
  line: number;
  ad: string;
  /** Epoch ms. */
  startMs: number;
  durationSec: number;
}

export type PlacementOutcome =
  | { placement: string; status: 'aired'; line: number; airedStartMs: number }
  | { placement: string; status: 'missed' };

export interface ReconcileInput {
  /** The channel's placements; those starting outside `period` get no outcome. */
  placements: readonly PlannedSpot[];
  /** The log's spot lines, in any order. */
  lines: readonly LoggedSpot[];
  /** What the log covers, [fromMs, toMs): a placement starting in it aired or was missed. */
  period: { fromMs: number; toMs: number };
  /** The largest distance between a planned and an aired start; AIRED_TOLERANCE_MS unless said. */
  toleranceMs?: number;
}

export interface Reconciliation {
  /** One per placement of the period, by planned start, then id. */
  placements: PlacementOutcome[];
  /** The lines that prove no placement, by line number. */
  offPlan: LoggedSpot[];
}

/** A placement and a line that may prove it, and how far apart they are. */
interface Candidate {
  placement: PlannedSpot;
  line: LoggedSpot;
  distanceMs: number;
}

const comparePlanned = (a: PlannedSpot, b: PlannedSpot) =>
  a.startMs - b.startMs || compareText(a.id, b.id);

const compareLines = (a: LoggedSpot, b: LoggedSpot) =>
  a.line - b.line || a.startMs - b.startMs || compareText(a.ad, b.ad);

/**
 * Matches the log to the plan: a line proves a placement of the same ad whose planned start is
 * within the tolerance of the line's; the closest pairs are matched first (ties: the earlier
 * placement, then the lower line number), each placement and each line at most once. The
 * result does not depend on the order of the input.
 */
export function reconcileLog(input: ReconcileInput): Reconciliation {
  const tolerance = input.toleranceMs ?? AIRED_TOLERANCE_MS;
  const { fromMs, toMs } = input.period;
  const planned = input.placements
    .filter((placement) => placement.startMs >= fromMs && placement.startMs < toMs)
    .sort(comparePlanned);
  const lines = [...input.lines].sort(compareLines);

  const linesByAd = new Map<string, LoggedSpot[]>();
  for (const line of lines) linesByAd.set(line.ad, [...(linesByAd.get(line.ad) ?? []), line]);
  const candidates: Candidate[] = [];
  for (const placement of planned) {
    for (const line of linesByAd.get(placement.ad) ?? []) {
      const distanceMs = Math.abs(line.startMs - placement.startMs);
      if (distanceMs <= tolerance) candidates.push({ placement, line, distanceMs });
    }
  }
  candidates.sort(
    (a, b) =>
      a.distanceMs - b.distanceMs ||
      comparePlanned(a.placement, b.placement) ||
      compareLines(a.line, b.line),
  );

  const matched = new Map<PlannedSpot, LoggedSpot>();
  const used = new Set<LoggedSpot>();
  for (const { placement, line } of candidates) {
    if (matched.has(placement) || used.has(line)) continue;
    matched.set(placement, line);
    used.add(line);
  }
  return {
    placements: planned.map((placement): PlacementOutcome => {
      const line = matched.get(placement);
      return line
        ? { placement: placement.id, status: 'aired', line: line.line, airedStartMs: line.startMs }
        : { placement: placement.id, status: 'missed' };
    }),
    offPlan: lines.filter((line) => !used.has(line)),
  };
}
