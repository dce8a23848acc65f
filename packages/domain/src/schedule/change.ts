/**
 * Moving and resizing bars on one channel's timeline, in push-on-overlap or no-overlap mode.
 *
 * Every change is first reduced to "drivers": the bars the person changed, at their new
 * positions. A move drives the whole bundle by the same delta; a resize drives only the one bar.
 * The requested instant is snapped to the 15-minute grid and a duration never drops below 900 s.
 *
 * No-overlap mode checks each driver's new span against every other bar (O(n)) and refuses on
 * the first bar it would overlap.
 *
 * Push mode is a least-displacement problem. A push to the left is mirrored (t → −t) into a
 * push to the right, so only one direction is written. To the right, each bar i gets a shift
 * d(i) ≥ 0, and the smallest shifts that satisfy these rules are wanted ("only as far as
 * needed", so gaps absorb the push):
 *
 * - the bar after i in start order: d(next) ≥ d(i) − gap(i, next)   (it gets out of the way);
 * - a bundle:                        every member gets the largest d of any member;
 * - a locked bar:                    d = 0, or the change is refused naming it;
 * - a driver:                        d is what the change asked for, or the change is refused
 *                                     (a resized bar's bundle mates may be pushed without it).
 *
 * Every rule passes on at most the shift it received, like a shortest-path problem with
 * non-negative edge weights (gap ≥ 0, bundle edges 0). So the bars are settled in decreasing
 * order of shift from a max-heap (Dijkstra's order): a bar taken off the heap has its final
 * shift, each bar is settled once, and the cascade stops by itself at the first gap wide enough.
 * Cost: the sort O(n log n) plus O(m log m) for the m bars pushed; a cascade through 10,000
 * back-to-back bars keeps the heap at one entry.
 *
 * The guarantees (no overlap after a push, order kept) hold for a channel that has no overlap
 * to begin with; a double booking already there is never made worse but not repaired either.
 * Bars on the grid stay on it: a pushed bar lands exactly at the end of the one pushing it.
 */
import { QUARTER_HOUR_MS, snapInstant } from '../time.js';
import { type Bar, barEnd, compareBars } from './bar.js';
import { startOrder } from './order.js';

/** Push-on-overlap shifts neighbours out of the way; no-overlap refuses a change that overlaps. */
export type ChangeMode = 'push' | 'no-overlap';

/** Why a change was refused: it would overlap `blocking`, or it would move locked `blocking`. */
export interface ChangeRefused {
  ok: false;
  reason: 'overlap' | 'locked';
  /** Id of the bar in the way. */
  blocking: string;
}

/** The outcome of a change: the bars whose start or duration changed, at their new spans. */
export type ChangeResult<B extends Bar = Bar> = { ok: true; changed: B[] } | ChangeRefused;

const MS_PER_SEC = 1000;

/** A bar the change itself sets: its index in the input and its new span. */
interface Driver {
  index: number;
  start: number;
  durationSec: number;
}

/**
 * Moves a bar (and its bundle, by the same delta) so that it starts at `newStart`, snapped to
 * the 15-minute grid. Inputs are not changed; `changed` holds copies.
 */
export function moveBar<B extends Bar>(
  bars: readonly B[],
  id: string,
  newStart: number,
  mode: ChangeMode,
): ChangeResult<B> {
  const index = indexOfBar(bars, id);
  const bar = bars[index] as B;
  const delta = snapInstant(newStart) - bar.start;
  if (delta === 0) return { ok: true, changed: [] };

  const members = bundleMembers(bars, index);
  const lockedMember = members.map((i) => bars[i] as B).find((member) => member.locked);
  if (lockedMember) return { ok: false, reason: 'locked', blocking: lockedMember.id };

  const drivers = members.map((i) => {
    const member = bars[i] as B;
    return { index: i, start: member.start + delta, durationSec: member.durationSec };
  });
  if (mode === 'no-overlap') return checkFits(bars, drivers);
  const shift = Math.abs(delta);
  return pushAside(
    bars,
    drivers,
    members.map(() => ({ shift, endShift: shift })),
    delta > 0 ? 1 : -1,
  );
}

/**
 * Moves one edge of a bar to `newInstant`, snapped to the 15-minute grid; the other edge stays.
 * The bar keeps at least 900 s. Only this bar is resized, even when it is in a bundle.
 */
export function resizeBar<B extends Bar>(
  bars: readonly B[],
  id: string,
  edge: 'start' | 'end',
  newInstant: number,
  mode: ChangeMode,
): ChangeResult<B> {
  const index = indexOfBar(bars, id);
  const bar = bars[index] as B;
  const end = barEnd(bar);
  const snapped = snapInstant(newInstant);
  const start = edge === 'start' ? Math.min(snapped, end - QUARTER_HOUR_MS) : bar.start;
  const newEnd = edge === 'end' ? Math.max(snapped, bar.start + QUARTER_HOUR_MS) : end;
  if (start === bar.start && newEnd === end) return { ok: true, changed: [] };
  if (bar.locked) return { ok: false, reason: 'locked', blocking: bar.id };

  const driver = { index, start, durationSec: (newEnd - start) / MS_PER_SEC };
  if (mode === 'no-overlap') return checkFits(bars, [driver]);
  // How far the bar now reaches past its old span, on the side that edge faces.
  const growth = edge === 'end' ? newEnd - end : bar.start - start;
  if (growth <= 0) return { ok: true, changed: [withSpan(bar, driver)] };
  return pushAside(bars, [driver], [{ shift: 0, endShift: growth }], edge === 'end' ? 1 : -1);
}

function indexOfBar(bars: readonly Bar[], id: string): number {
  let found = -1;
  for (let index = 0; index < bars.length; index++) {
    if ((bars[index] as Bar).id !== id) continue;
    if (found >= 0) throw new Error(`Two bars on the channel have the id "${id}".`);
    found = index;
  }
  if (found < 0) throw new Error(`There is no bar with the id "${id}" on the channel.`);
  return found;
}

/** Indexes of the bar's bundle (the bar alone when it has none), in start order. */
function bundleMembers(bars: readonly Bar[], index: number): number[] {
  const bundle = bars[index]?.bundle;
  if (bundle === undefined) return [index];
  const members: number[] = [];
  for (let i = 0; i < bars.length; i++) if (bars[i]?.bundle === bundle) members.push(i);
  return members.sort((a, b) => compareBars(bars[a] as Bar, bars[b] as Bar));
}

function withSpan<B extends Bar>(bar: B, span: { start: number; durationSec: number }): B {
  return { ...bar, start: span.start, durationSec: span.durationSec };
}

/** No-overlap mode: the drivers at their new spans, or the first other bar one would overlap. */
function checkFits<B extends Bar>(bars: readonly B[], drivers: Driver[]): ChangeResult<B> {
  const driving = new Set(drivers.map((driver) => driver.index));
  let blocking: B | undefined;
  for (let index = 0; index < bars.length; index++) {
    if (driving.has(index)) continue;
    const bar = bars[index] as B;
    if (blocking !== undefined && compareBars(bar, blocking) >= 0) continue;
    const end = barEnd(bar);
    const hit = drivers.some(
      (driver) => bar.start < driver.start + driver.durationSec * MS_PER_SEC && driver.start < end,
    );
    if (hit) blocking = bar;
  }
  if (blocking) return { ok: false, reason: 'overlap', blocking: blocking.id };
  return { ok: true, changed: sortedChanges(bars, drivers) };
}

function sortedChanges<B extends Bar>(bars: readonly B[], drivers: Driver[]): B[] {
  return drivers.map((driver) => withSpan(bars[driver.index] as B, driver)).sort(compareBars);
}

/**
 * Push mode. `shifts[k]` says how far driver k's start and end move in `direction` (its start
 * shift is what other rules may ask of it; its end shift is what it pushes the next bar with).
 */
function pushAside<B extends Bar>(
  bars: readonly B[],
  drivers: Driver[],
  shifts: { shift: number; endShift: number }[],
  direction: 1 | -1,
): ChangeResult<B> {
  const n = bars.length;
  // In push coordinates every push goes right: a push left is the mirror image (t → −t).
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const bar = bars[i] as Bar;
    const end = barEnd(bar);
    starts[i] = direction === 1 ? bar.start : -end;
    ends[i] = direction === 1 ? end : -bar.start;
  }
  const order = startOrder(starts, ends, (index) => (bars[index] as Bar).id);
  const rank = new Int32Array(n);
  for (let k = 0; k < n; k++) rank[order[k] as number] = k;

  const driverShift = new Float64Array(n).fill(-1);
  for (const [k, driver] of drivers.entries()) driverShift[driver.index] = shifts[k]?.shift ?? 0;
  const best = new Float64Array(n);
  const settled = new Uint8Array(n);
  const heap = new MaxHeap();
  const pushed: number[] = [];
  let refused: ChangeRefused | undefined;
  let bundles: Map<string, number[]> | undefined;

  /**
   * Bar `to` has to shift at least `amount` because of bar `from`, which is in its way or (when
   * `bundled`) in its bundle. A driver stays where the change puts it: a bar in its way refuses
   * the change, while its bundle does not hold it (only a resized bar has mates that are not
   * drivers, and a resize changes that one bar alone).
   */
  const demand = (to: number, amount: number, from: number, bundled: boolean) => {
    const fixed = driverShift[to] as number;
    if (fixed >= 0) {
      if (amount > fixed && !bundled) {
        refused = { ok: false, reason: 'overlap', blocking: bars[from]?.id ?? '' };
      }
    } else if (amount > (best[to] as number) && settled[to] === 0) {
      best[to] = amount;
      heap.push(amount, to);
    }
  };
  /** Bar `from`, its end shifted by `endShift`, pushes the bar after it. */
  const pushNext = (from: number, endShift: number) => {
    const next = order[(rank[from] as number) + 1];
    if (next === undefined) return;
    const gap = Math.max(0, (starts[next] as number) - (ends[from] as number));
    if (endShift > gap) demand(next, endShift - gap, from, false);
  };

  for (const [k, driver] of drivers.entries()) {
    settled[driver.index] = 1;
    pushNext(driver.index, shifts[k]?.endShift ?? 0);
    if (refused) return refused;
  }
  while (heap.size > 0) {
    const shift = heap.topKey();
    const index = heap.pop();
    if (settled[index] === 1 || shift < (best[index] as number)) continue;
    settled[index] = 1;
    const bar = bars[index] as B;
    if (bar.locked) return { ok: false, reason: 'locked', blocking: bar.id };
    pushed.push(index);
    pushNext(index, shift);
    if (bar.bundle !== undefined) {
      bundles ??= groupBundles(bars);
      for (const mate of bundles.get(bar.bundle) ?? [])
        if (mate !== index) demand(mate, shift, index, true);
    }
    if (refused) return refused;
  }

  // Pushing keeps the order, so walking the old order lists the changes in their new order.
  const newStart = new Float64Array(n).fill(Number.NaN);
  const newDuration = new Float64Array(n);
  for (const driver of drivers) {
    newStart[driver.index] = driver.start;
    newDuration[driver.index] = driver.durationSec;
  }
  for (const index of pushed) {
    const bar = bars[index] as B;
    newStart[index] = bar.start + direction * (best[index] as number);
    newDuration[index] = bar.durationSec;
  }
  const changed: B[] = [];
  for (let k = 0; k < n; k++) {
    const index = order[direction === 1 ? k : n - 1 - k] as number;
    const start = newStart[index] as number;
    if (Number.isNaN(start)) continue;
    changed.push(withSpan(bars[index] as B, { start, durationSec: newDuration[index] as number }));
  }
  return { ok: true, changed };
}

function groupBundles(bars: readonly Bar[]): Map<string, number[]> {
  const bundles = new Map<string, number[]>();
  for (const [index, bar] of bars.entries()) {
    if (bar.bundle === undefined) continue;
    const members = bundles.get(bar.bundle);
    if (members) members.push(index);
    else bundles.set(bar.bundle, [index]);
  }
  return bundles;
}

/** A binary max-heap of (shift, bar index) pairs. */
class MaxHeap {
  private keys: number[] = [];
  private values: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  topKey(): number {
    return this.keys[0] as number;
  }

  push(key: number, value: number): void {
    const { keys, values } = this;
    let i = keys.length;
    keys.push(key);
    values.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((keys[parent] as number) >= key) break;
      keys[i] = keys[parent] as number;
      values[i] = values[parent] as number;
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }

  /** Removes the entry with the largest key and returns its value. */
  pop(): number {
    const { keys, values } = this;
    const top = values[0] as number;
    const lastKey = keys.pop() as number;
    const lastValue = values.pop() as number;
    const n = keys.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && (keys[child + 1] as number) > (keys[child] as number)) child++;
      if ((keys[child] as number) <= lastKey) break;
      keys[i] = keys[child] as number;
      values[i] = values[child] as number;
      i = child;
    }
    keys[i] = lastKey;
    values[i] = lastValue;
    return top;
  }
}
