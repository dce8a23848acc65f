import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AIRED_TOLERANCE_MS,
  type LoggedSpot,
  type PlannedSpot,
  reconcileLog,
} from './reconcile.js';

// Reconciling an imported as-run log with the plan: readable cases, then properties over
// generated plans and logs.

const MIN = 60_000;
const T0 = Date.UTC(2031, 0, 6, 12, 0, 0);
const DAY = { fromMs: T0 - 12 * 60 * MIN, toMs: T0 + 12 * 60 * MIN };

const spot = (id: string, ad: string, atMin: number): PlannedSpot => ({
  id,
  ad,
  startMs: T0 + atMin * MIN,
  durationSec: 30,
});
const line = (number: number, ad: string, atMs: number): LoggedSpot => ({
  line: number,
  ad,
  startMs: T0 + atMs,
  durationSec: 30,
});

describe('reconcileLog', () => {
  it('finds each placement aired at the second the log says, near its planned start', () => {
    const result = reconcileLog({
      placements: [spot('p1', 'bread', 0), spot('p2', 'cake', 30)],
      lines: [line(2, 'bread', 12_000), line(3, 'cake', 30 * MIN - 4 * MIN)],
      period: DAY,
    });
    expect(result.placements).toEqual([
      { placement: 'p1', status: 'aired', line: 2, airedStartMs: T0 + 12_000 },
      { placement: 'p2', status: 'aired', line: 3, airedStartMs: T0 + 26 * MIN },
    ]);
    expect(result.offPlan).toEqual([]);
  });

  it('says missed for a placement with no line of its ad near it, and off-plan for a stray line', () => {
    const result = reconcileLog({
      placements: [spot('p1', 'bread', 0), spot('p2', 'bread', 60)],
      // Bread at 12:00:00 (p1), then Bread 6 minutes after 13:00 (too late for p2), and cake.
      lines: [line(2, 'bread', 0), line(3, 'bread', 66 * MIN), line(4, 'cake', 60 * MIN)],
      period: DAY,
    });
    expect(result.placements.map((each) => each.status)).toEqual(['aired', 'missed']);
    expect(result.offPlan.map((each) => each.line)).toEqual([3, 4]);
  });

  it('matches exactly at the tolerance and not a millisecond past it', () => {
    const at = (offset: number) =>
      reconcileLog({
        placements: [spot('p1', 'bread', 0)],
        lines: [line(2, 'bread', offset)],
        period: DAY,
      }).placements[0]?.status;
    expect(at(AIRED_TOLERANCE_MS)).toBe('aired');
    expect(at(-AIRED_TOLERANCE_MS)).toBe('aired');
    expect(at(AIRED_TOLERANCE_MS + 1)).toBe('missed');
  });

  it('uses each line once, the nearest pairs first', () => {
    // Two placements of one ad a minute apart and one line between them, nearer the second.
    const result = reconcileLog({
      placements: [spot('p1', 'bread', 0), spot('p2', 'bread', 1)],
      lines: [line(7, 'bread', 40_000)],
      period: DAY,
    });
    expect(result.placements).toEqual([
      { placement: 'p1', status: 'missed' },
      { placement: 'p2', status: 'aired', line: 7, airedStartMs: T0 + 40_000 },
    ]);
  });

  it('gives no outcome to placements outside the period the log covers', () => {
    const result = reconcileLog({
      placements: [spot('before', 'bread', -13 * 60), spot('in', 'bread', 0)],
      lines: [],
      period: DAY,
    });
    expect(result.placements).toEqual([{ placement: 'in', status: 'missed' }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const ADS = ['a', 'b', 'c'];

const arbitraryPlan = fc
  .uniqueArray(
    fc.record({
      id: fc.stringMatching(/^[a-z0-9]{4}$/),
      ad: fc.constantFrom(...ADS),
      startMs: fc.integer({ min: T0 - 3 * 60 * MIN, max: T0 + 3 * 60 * MIN }),
      durationSec: fc.constantFrom(10, 15, 29.97, 30),
    }),
    { selector: (placement) => placement.id, maxLength: 30 },
  )
  .map((placements) => placements as PlannedSpot[]);

const arbitraryLog = fc
  .uniqueArray(
    fc.record({
      line: fc.integer({ min: 2, max: 5000 }),
      ad: fc.constantFrom(...ADS),
      startMs: fc.integer({ min: T0 - 3 * 60 * MIN, max: T0 + 3 * 60 * MIN }),
      durationSec: fc.constantFrom(10, 30),
    }),
    { selector: (each) => each.line, maxLength: 30 },
  )
  .map((lines) => lines as LoggedSpot[]);

const arbitraryPeriod = fc
  .tuple(
    fc.integer({ min: T0 - 4 * 60 * MIN, max: T0 + 4 * 60 * MIN }),
    fc.integer({ min: 0, max: 8 * 60 * MIN }),
  )
  .map(([fromMs, length]) => ({ fromMs, toMs: fromMs + length }));

describe('reconcileLog, properties', () => {
  it('gives every placement of the period exactly one outcome, and uses a line once', () => {
    fc.assert(
      fc.property(arbitraryPlan, arbitraryLog, arbitraryPeriod, (placements, lines, period) => {
        const result = reconcileLog({ placements, lines, period });
        const inPeriod = placements.filter(
          (each) => each.startMs >= period.fromMs && each.startMs < period.toMs,
        );
        expect(result.placements.map((each) => each.placement).sort()).toEqual(
          inPeriod.map((each) => each.id).sort(),
        );
        const usedLines = result.placements.flatMap((each) =>
          each.status === 'aired' ? [each.line] : [],
        );
        const offPlanLines = result.offPlan.map((each) => each.line);
        // Every line is either proof of one placement or off-plan, never both, never twice.
        expect([...usedLines, ...offPlanLines].sort((a, b) => a - b)).toEqual(
          lines.map((each) => each.line).sort((a, b) => a - b),
        );
        // An aired placement's line is of its ad, within the tolerance.
        const byId = new Map(placements.map((each) => [each.id, each]));
        const byLine = new Map(lines.map((each) => [each.line, each]));
        for (const outcome of result.placements) {
          if (outcome.status !== 'aired') continue;
          const planned = byId.get(outcome.placement);
          const proof = byLine.get(outcome.line);
          expect(proof?.ad).toBe(planned?.ad);
          expect(proof?.startMs).toBe(outcome.airedStartMs);
          expect(Math.abs((proof?.startMs ?? 0) - (planned?.startMs ?? 0))).toBeLessThanOrEqual(
            AIRED_TOLERANCE_MS,
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  it('does not depend on the order of its input', () => {
    fc.assert(
      fc.property(
        arbitraryPlan,
        arbitraryLog,
        arbitraryPeriod,
        fc.infiniteStream(fc.nat()),
        (placements, lines, period, seeds) => {
          const shuffle = <T>(list: readonly T[]) =>
            list
              .map((item) => ({ item, key: seeds.next().value }))
              .sort((a, b) => a.key - b.key)
              .map(({ item }) => item);
          expect(
            reconcileLog({ placements: shuffle(placements), lines: shuffle(lines), period }),
          ).toEqual(reconcileLog({ placements, lines, period }));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finds a log that is exactly the plan all aired, nothing off-plan', () => {
    fc.assert(
      fc.property(arbitraryPlan, (placements) => {
        const lines = placements.map((each, index) => ({
          line: index + 2,
          ad: each.ad,
          startMs: each.startMs,
          durationSec: each.durationSec,
        }));
        const period = { fromMs: T0 - 4 * 60 * MIN, toMs: T0 + 4 * 60 * MIN };
        const result = reconcileLog({ placements, lines, period });
        expect(result.offPlan).toEqual([]);
        for (const outcome of result.placements) {
          expect(outcome.status).toBe('aired');
          if (outcome.status === 'aired')
            expect(outcome.airedStartMs).toBe(
              placements.find((each) => each.id === outcome.placement)?.startMs,
            );
        }
      }),
      { numRuns: 200 },
    );
  });
});
