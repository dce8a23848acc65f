import {
  type Bar,
  barEnd,
  type ChangeMode,
  findOverlaps,
  QUARTER_HOUR_MS,
  snapInstant,
} from '@airgrid/domain';

// Pure planning for the schedule endpoints: which part of a channel a change can reach, in
// which order its updates are written, and which new instances collide with the schedule.

/** A move (`start`) or a resize (`edge` and the instant that edge goes to). */
export type ScheduleChange =
  | { kind: 'move'; start: number }
  | { kind: 'resize'; edge: 'start' | 'end'; instant: number };

/**
 * The part of the channel's timeline a change can touch, and which way a push goes.
 * - `right`: bars that end after `from` (a push to the right cascades towards the future);
 * - `left`: bars that start before `to` (a push to the left cascades towards the past);
 * - `window`: bars overlapping [from, to) (no-overlap mode, or a change that only shrinks).
 */
export interface Reach {
  direction: 'right' | 'left' | 'window';
  from: number;
  to: number;
}

/**
 * Where the change puts the bars the person changed (the target, and for a move its bundle,
 * as the domain's moveBar/resizeBar do), and so which part of the timeline to load.
 *
 * A push only ever shifts bars in one direction, by at most the change's own shift, and stops at
 * the first gap wide enough; but a long run of back-to-back bars can carry it arbitrarily far.
 * So a push reads the timeline from the change onwards in its direction (the caller caps how
 * many bars), while no-overlap mode only needs the bars where the changed ones land.
 */
export function reachOf(
  target: Bar,
  bundle: readonly Bar[],
  change: ScheduleChange,
  mode: ChangeMode,
): Reach {
  const spans: { start: number; end: number }[] = [];
  let shift = 0;
  if (change.kind === 'move') {
    shift = snapInstant(change.start) - target.start;
    const members = bundle.length > 0 ? bundle : [target];
    for (const bar of members) {
      spans.push({ start: bar.start, end: barEnd(bar) });
      spans.push({ start: bar.start + shift, end: barEnd(bar) + shift });
    }
  } else {
    const end = barEnd(target);
    const snapped = snapInstant(change.instant);
    const start = change.edge === 'start' ? Math.min(snapped, end - QUARTER_HOUR_MS) : target.start;
    const newEnd = change.edge === 'end' ? Math.max(snapped, target.start + QUARTER_HOUR_MS) : end;
    spans.push({ start: target.start, end }, { start, end: newEnd });
    shift = change.edge === 'end' ? newEnd - end : start - target.start;
  }
  const from = Math.min(...spans.map((span) => span.start));
  const to = Math.max(...spans.map((span) => span.end));
  if (mode === 'no-overlap' || shift === 0) return { direction: 'window', from, to };
  // A resize that pulls its edge inwards pushes nothing.
  if (change.kind === 'resize' && (change.edge === 'end' ? shift < 0 : shift > 0)) {
    return { direction: 'window', from, to };
  }
  return { direction: shift > 0 ? 'right' : 'left', from, to };
}

/**
 * The changed bars in an order that never overlaps on the way, so each update passes the
 * timeslots collection's per-row overlap check as it is written.
 *
 * Why ordering rather than switching that check off for the transaction: the check is the one
 * guard every write path shares (records API, batch, import, this endpoint), it takes the
 * channel lock, and a bug here that left a double booking would be caught by it instead of
 * committed. And an order always exists: a push keeps the bars' order and moves every changed bar
 * one way. Moving right, each bar's new start is at or after its old start; written from the
 * latest bar back to the earliest, a bar lands where the bars after it have already left (the
 * final schedule has no overlap) and the bars before it still end before its old start. Moving
 * left is the mirror image, written from the earliest bar on. A change of one bar needs no order.
 */
export function writeOrder<B extends Bar>(before: ReadonlyMap<string, Bar>, changed: readonly B[]) {
  const original = (bar: B) => before.get(bar.id) ?? bar;
  const later = changed.every(
    (bar) => bar.start >= original(bar).start && barEnd(bar) >= barEnd(original(bar)),
  );
  const sorted = [...changed].sort((a, b) => original(a).start - original(b).start);
  return later ? sorted.reverse() : sorted;
}

/**
 * True when a push that read only `loaded` bars in its direction (because the channel had more)
 * might reach bars it did not read: some changed bar ends up past the last bar read.
 */
export function reachesBeyond(
  direction: 'right' | 'left',
  lastLoaded: Bar,
  changed: readonly Bar[],
): boolean {
  return direction === 'right'
    ? changed.some((bar) => barEnd(bar) > barEnd(lastLoaded))
    : changed.some((bar) => bar.start < lastLoaded.start);
}

/** A new instance and the scheduled timeslot already in its place. */
export interface InstanceCollision<N, E> {
  instance: N;
  existing: E;
}

/**
 * Every (new instance, existing timeslot) pair that overlaps, by the instance's start: one sweep
 * over both lists (the domain's findOverlaps), however long the window.
 */
export function instanceCollisions<N extends Bar, E extends Bar>(
  instances: readonly N[],
  existing: readonly E[],
): InstanceCollision<N, E>[] {
  const tagged = [
    ...instances.map((bar) => ({ ...bar, id: `n${bar.id}`, side: 'new' as const, bar })),
    ...existing.map((bar) => ({ ...bar, id: `e${bar.id}`, side: 'existing' as const, bar })),
  ];
  const collisions: InstanceCollision<N, E>[] = [];
  for (const [a, b] of findOverlaps(tagged)) {
    if (a.side === b.side) continue;
    const [instance, other] = a.side === 'new' ? [a, b] : [b, a];
    collisions.push({ instance: instance.bar as N, existing: other.bar as E });
  }
  return collisions.sort((x, y) => x.instance.start - y.instance.start);
}
