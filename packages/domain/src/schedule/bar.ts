/**
 * Bars and overlap on one channel's timeline.
 *
 * A bar is a timeslot as the timeline chart handles it: a start instant (epoch ms, UTC) and a
 * duration in seconds, half-open, so a bar that ends at 10:00 and one that starts at 10:00 are
 * adjacent, not overlapping.
 *
 * `findOverlaps` sorts by start (see order.ts) and sweeps once, keeping the bars still running
 * ("active"): each bar is compared only with those, and a bar leaves the active list the first
 * time it is found finished. That is O(n log n + k) for k overlapping pairs, and O(n log n) on a schedule without
 * double bookings.
 */
import { startOrder } from './order.js';

/** A timeslot on one channel as the scheduling operations see it. */
export interface Bar {
  id: string;
  /** Start instant, epoch milliseconds (UTC). */
  start: number;
  durationSec: number;
  /** Immobile: never moved, resized or pushed by a change. */
  locked?: boolean;
  /** Bars with the same bundle move together (by the same amount). */
  bundle?: string;
}

const MS_PER_SEC = 1000;

/** End instant (epoch ms, exclusive) of a bar. */
export function barEnd(bar: Pick<Bar, 'start' | 'durationSec'>): number {
  return bar.start + bar.durationSec * MS_PER_SEC;
}

/** True when two bars share some time; touching ends (one ends as the other starts) do not. */
export function barsOverlap(
  a: Pick<Bar, 'start' | 'durationSec'>,
  b: Pick<Bar, 'start' | 'durationSec'>,
): boolean {
  return a.start < barEnd(b) && b.start < barEnd(a);
}

/** Orders bars by start, then end, then id, so every sort in the module agrees. */
export function compareBars(a: Bar, b: Bar): number {
  return a.start - b.start || barEnd(a) - barEnd(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Every pair of bars on one channel that overlap (a double booking), each pair ordered by
 * start, pairs ordered by the later bar's start. The input is not changed.
 */
export function findOverlaps<B extends Bar>(bars: readonly B[]): [B, B][] {
  const n = bars.length;
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const bar = bars[i] as B;
    starts[i] = bar.start;
    ends[i] = barEnd(bar);
  }
  const order = startOrder(starts, ends, (index) => (bars[index] as B).id);
  const pairs: [B, B][] = [];
  const active: number[] = [];
  for (let k = 0; k < n; k++) {
    const index = order[k] as number;
    const start = starts[index] as number;
    let kept = 0;
    for (const other of active) {
      if ((ends[other] as number) <= start) continue;
      active[kept++] = other;
      pairs.push([bars[other] as B, bars[index] as B]);
    }
    active.length = kept;
    active.push(index);
  }
  return pairs;
}

/**
 * The bar among `others` that `bar` would overlap (the earliest-starting one), or undefined
 * when it fits. A bar with the same id as `bar` is its old position and is ignored. O(n).
 */
export function collides<B extends Bar>(
  bar: Pick<Bar, 'id' | 'start' | 'durationSec'>,
  others: readonly B[],
): B | undefined {
  let first: B | undefined;
  for (const other of others) {
    if (other.id === bar.id || !barsOverlap(bar, other)) continue;
    if (first === undefined || compareBars(other, first) < 0) first = other;
  }
  return first;
}
