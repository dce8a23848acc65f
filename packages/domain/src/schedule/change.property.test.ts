import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOnQuarterHour, QUARTER_HOUR_MS } from '../time.js';
import { type Bar, barEnd, barsOverlap, compareBars, findOverlaps } from './bar.js';
import { type ChangeMode, type ChangeResult, moveBar, resizeBar } from './change.js';
import { copyBars } from './test-bars.js';

// Properties of moveBar / resizeBar over generated channels: a schedule without overlaps on the
// grid, with some locked bars and a few bundles, and any change a drag can ask for.

const BASE = Date.UTC(2026, 4, 4);

const arbitrarySchedule = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 0, max: 4 }),
      quarters: fc.integer({ min: 1, max: 8 }),
      locked: fc.oneof(
        { weight: 6, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      bundle: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('x', 'y', 'z') },
      ),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .chain((raw) => {
    let cursor = BASE;
    const bars = raw.map((spec, i): Bar => {
      const start = cursor + spec.gap * QUARTER_HOUR_MS;
      cursor = start + spec.quarters * QUARTER_HOUR_MS;
      const bar: Bar = { id: `b${i}`, start, durationSec: spec.quarters * 900 };
      if (spec.locked) bar.locked = true;
      if (spec.bundle) bar.bundle = spec.bundle;
      return bar;
    });
    // Callers need not sort: hand the bars over in any order.
    return fc.shuffledSubarray(bars, { minLength: bars.length, maxLength: bars.length });
  });

/** Any instant a drag can end on, on or off the grid, from well before to well after. */
const arbitraryInstant = fc
  .integer({ min: -40 * QUARTER_HOUR_MS, max: 200 * QUARTER_HOUR_MS })
  .map((offset) => BASE + offset);

type Change =
  | { kind: 'move'; pick: number; instant: number }
  | { kind: 'resize'; pick: number; edge: 'start' | 'end'; instant: number };

const arbitraryChange: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), instant: arbitraryInstant }),
  fc.record({
    kind: fc.constant('resize' as const),
    pick: fc.nat(),
    edge: fc.constantFrom('start' as const, 'end' as const),
    instant: arbitraryInstant,
  }),
);

function deepFreeze(bars: Bar[]): readonly Bar[] {
  for (const bar of bars) Object.freeze(bar);
  return Object.freeze(bars);
}

function apply(bars: readonly Bar[], change: Change, mode: ChangeMode) {
  const target = bars[change.pick % bars.length] as Bar;
  return change.kind === 'move'
    ? moveBar(bars, target.id, change.instant, mode)
    : resizeBar(bars, target.id, change.edge, change.instant, mode);
}

/** The schedule after a successful change. */
function after(bars: readonly Bar[], result: ChangeResult & { ok: true }): Bar[] {
  const changed = new Map(result.changed.map((bar) => [bar.id, bar]));
  return bars.map((bar) => changed.get(bar.id) ?? bar);
}

const idsInOrder = (bars: readonly Bar[]) => [...bars].sort(compareBars).map((bar) => bar.id);

function run(bars: Bar[], change: Change, mode: ChangeMode) {
  const before = copyBars(bars);
  const frozen = deepFreeze(bars);
  const result = apply(frozen, change, mode);
  // Inputs are never changed, whether the change is accepted or refused.
  expect(frozen).toEqual(before);
  return { before, result };
}

describe('push mode', () => {
  it('leaves no overlap, keeps locked bars and the order, and stays on the grid', () => {
    fc.assert(
      fc.property(arbitrarySchedule, arbitraryChange, (bars, change) => {
        const { before, result } = run(bars, change, 'push');
        if (!result.ok) {
          const blocking = before.find((bar) => bar.id === result.blocking);
          expect(blocking).toBeDefined();
          if (result.reason === 'locked') expect(blocking?.locked).toBe(true);
          // A move takes its whole bundle along, so only a locked bar can stop it.
          if (change.kind === 'move') expect(result.reason).toBe('locked');
          return;
        }
        const next = after(before, result);
        expect(findOverlaps(next)).toEqual([]);
        expect(idsInOrder(next)).toEqual(idsInOrder(before));
        for (const bar of result.changed) {
          const old = before.find((b) => b.id === bar.id) as Bar;
          expect(old.locked).not.toBe(true);
          expect(bar.start !== old.start || bar.durationSec !== old.durationSec).toBe(true);
          expect(isOnQuarterHour(bar.start)).toBe(true);
          expect(bar.durationSec % 900).toBe(0);
          expect(bar.durationSec).toBeGreaterThanOrEqual(900);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('moves every bundle as one: its moved members share one delta', () => {
    fc.assert(
      fc.property(arbitrarySchedule, arbitraryChange, (bars, change) => {
        const { before, result } = run(bars, change, 'push');
        if (!result.ok) return;
        const resized = change.kind === 'resize' ? before[change.pick % before.length]?.id : '';
        const deltas = new Map<string, Set<number>>();
        for (const old of before) {
          if (old.bundle === undefined || old.id === resized) continue;
          const moved = result.changed.find((bar) => bar.id === old.id);
          const delta = moved ? moved.start - old.start : 0;
          deltas.set(old.bundle, (deltas.get(old.bundle) ?? new Set()).add(delta));
        }
        for (const set of deltas.values()) expect(set.size).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it('pushes only as far as needed: without bundles, a pushed bar ends up touching its pusher', () => {
    const unbundled = arbitrarySchedule.map((bars) =>
      bars.map(({ bundle: _bundle, ...bar }) => bar),
    );
    fc.assert(
      fc.property(unbundled, arbitraryChange, (bars, change) => {
        const { before, result } = run(bars, change, 'push');
        if (!result.ok) return;
        const target = before[change.pick % before.length] as Bar;
        const next = after(before, result).sort(compareBars);
        for (const bar of result.changed) {
          if (bar.id === target.id) continue;
          const position = next.findIndex((b) => b.id === bar.id);
          const old = before.find((b) => b.id === bar.id) as Bar;
          const pusher = bar.start > old.start ? next[position - 1] : next[position + 1];
          expect(pusher).toBeDefined();
          if (bar.start > old.start) expect(bar.start).toBe(barEnd(pusher as Bar));
          else expect(barEnd(bar)).toBe((pusher as Bar).start);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('no-overlap mode', () => {
  it('changes only the bars the person changed and never ends in overlap', () => {
    fc.assert(
      fc.property(arbitrarySchedule, arbitraryChange, (bars, change) => {
        const { before, result } = run(bars, change, 'no-overlap');
        if (!result.ok) {
          expect(before.some((bar) => bar.id === result.blocking)).toBe(true);
          return;
        }
        expect(findOverlaps(after(before, result))).toEqual([]);
        const target = before[change.pick % before.length] as Bar;
        for (const bar of result.changed) {
          const old = before.find((b) => b.id === bar.id) as Bar;
          const sameBundle = target.bundle !== undefined && old.bundle === target.bundle;
          expect(bar.id === target.id || (change.kind === 'move' && sameBundle)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never returns a changed bar that overlaps another, even on a double-booked channel', () => {
    const arbitraryMessy = fc
      .array(
        fc.record({
          start: fc.integer({ min: 0, max: 60 }),
          quarters: fc.integer({ min: 1, max: 8 }),
        }),
        { minLength: 1, maxLength: 20 },
      )
      .map((raw) =>
        raw.map(
          (spec, i): Bar => ({
            id: `b${i}`,
            start: BASE + spec.start * QUARTER_HOUR_MS,
            durationSec: spec.quarters * 900,
          }),
        ),
      );
    fc.assert(
      fc.property(arbitraryMessy, arbitraryChange, (bars, change) => {
        const { before, result } = run(bars, change, 'no-overlap');
        if (!result.ok) return;
        const changedIds = new Set(result.changed.map((bar) => bar.id));
        const others = before.filter((bar) => !changedIds.has(bar.id));
        for (const bar of result.changed) {
          expect(others.some((other) => barsOverlap(bar, other))).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
