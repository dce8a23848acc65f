import { parseArgs } from 'node:util';
import {
  type Bar,
  expandRecurrence,
  findOverlaps,
  moveBar,
  QUARTER_HOUR_MS,
  type RecurrenceInput,
  resizeBar,
} from '@airgrid/domain';
import { formatNumber, load, machine, parseWholeNumber, printTable } from '../common.js';

// Timings of the pure scheduling code in packages/domain, against the target: a push
// across 10,000 bars in under 5 ms. No server, no database: each scenario builds its input once
// and then calls one domain function many times in this process.
//
//   npx tsx --conditions=airgrid-source bench/schedule/run.ts [--runs 500] [--only push]
//
// Scenarios are a list: add an entry to SCENARIOS (recurrence expansion, guide figures, ...).

interface Scenario {
  name: string;
  /** What one run does, for the table. */
  work: string;
  /** The target for one run, in ms, when it sets one. */
  targetMs?: number;
  /**
   * Builds the input (not timed) and returns the call to time. The call returns a short
   * description of its result, checked once before timing so a scenario cannot silently
   * measure the wrong thing (a refused push, an empty result).
   */
  prepare(): { run: () => unknown; check: (result: unknown) => string | undefined };
}

interface Row {
  scenario: string;
  work: string;
  median: number;
  p99: number;
  max: number;
  targetMs: number | undefined;
}

const BAR_COUNT = 10_000;
const WARM_UP_RUNS = 50;
const BASE = Date.UTC(2026, 4, 4);

// ---------------------------------------------------------------------------------------------
// Inputs

/** `count` bars back to back on the grid, 30 minutes each, in start order. */
function backToBack(count: number): Bar[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `slot-${i}`,
    start: BASE + i * 2 * QUARTER_HOUR_MS,
    durationSec: 1800,
  }));
}

/** A fixed-seed shuffle (so runs compare), for inputs not handed over in start order. */
function shuffled<T>(items: readonly T[], seed = 42): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Back-to-back bars where every 100th bar also has a second booking 15 minutes in. */
function doubleBooked(count: number): Bar[] {
  const bars = backToBack(count);
  for (let i = 0; i < count; i += 100) {
    bars.push({
      id: `double-${i}`,
      start: BASE + i * 2 * QUARTER_HOUR_MS + QUARTER_HOUR_MS,
      durationSec: 900,
    });
  }
  return bars;
}

/** Checks a change result: accepted, with the expected number of changed bars. */
function expectChanged(count: number) {
  return (result: unknown) => {
    const outcome = result as ReturnType<typeof moveBar>;
    if (!outcome.ok) return `refused (${outcome.reason}, ${outcome.blocking})`;
    if (outcome.changed.length !== count) return `changed ${outcome.changed.length}, not ${count}`;
    return undefined;
  };
}

function expectPairs(count: number) {
  return (result: unknown) => {
    const pairs = (result as unknown[]).length;
    return pairs === count ? undefined : `found ${pairs} overlapping pairs, not ${count}`;
  };
}

// ---------------------------------------------------------------------------------------------
// Scenarios

const SCENARIOS: Scenario[] = [
  {
    name: 'push right, move',
    work: `move the first of ${formatNumber(BAR_COUNT)} back-to-back bars 15 min later: all shift`,
    targetMs: 5,
    prepare() {
      const bars = backToBack(BAR_COUNT);
      const first = bars[0] as Bar;
      return {
        run: () => moveBar(bars, first.id, first.start + QUARTER_HOUR_MS, 'push'),
        check: expectChanged(BAR_COUNT),
      };
    },
  },
  {
    name: 'push left, move',
    work: `move the last of ${formatNumber(BAR_COUNT)} back-to-back bars 15 min earlier: all shift`,
    targetMs: 5,
    prepare() {
      const bars = backToBack(BAR_COUNT);
      const last = bars[BAR_COUNT - 1] as Bar;
      return {
        run: () => moveBar(bars, last.id, last.start - QUARTER_HOUR_MS, 'push'),
        check: expectChanged(BAR_COUNT),
      };
    },
  },
  {
    name: 'push right, resize end',
    work: `lengthen the first of ${formatNumber(BAR_COUNT)} back-to-back bars by 15 min: the rest shift`,
    targetMs: 5,
    prepare() {
      const bars = backToBack(BAR_COUNT);
      const first = bars[0] as Bar;
      return {
        run: () => resizeBar(bars, first.id, 'end', first.start + 3 * QUARTER_HOUR_MS, 'push'),
        check: expectChanged(BAR_COUNT),
      };
    },
  },
  {
    name: 'push right, shuffled input',
    work: 'the first push, with the bars handed over in random order (adds the sort)',
    targetMs: 5,
    prepare() {
      const bars = shuffled(backToBack(BAR_COUNT));
      const first = backToBack(1)[0] as Bar;
      return {
        run: () => moveBar(bars, first.id, first.start + QUARTER_HOUR_MS, 'push'),
        check: expectChanged(BAR_COUNT),
      };
    },
  },
  {
    name: 'no-overlap, refused move',
    work: `move the first bar onto the second of ${formatNumber(BAR_COUNT)}: refused`,
    prepare() {
      const bars = backToBack(BAR_COUNT);
      const first = bars[0] as Bar;
      return {
        run: () => moveBar(bars, first.id, first.start + QUARTER_HOUR_MS, 'no-overlap'),
        check: (result) => {
          const outcome = result as ReturnType<typeof moveBar>;
          return !outcome.ok && outcome.blocking === 'slot-1' ? undefined : 'not refused';
        },
      };
    },
  },
  {
    name: 'findOverlaps, clean',
    work: `${formatNumber(BAR_COUNT)} back-to-back bars in start order: no pairs`,
    prepare() {
      const bars = backToBack(BAR_COUNT);
      return { run: () => findOverlaps(bars), check: expectPairs(0) };
    },
  },
  {
    name: 'findOverlaps, shuffled',
    work: `the same ${formatNumber(BAR_COUNT)} bars in random order`,
    prepare() {
      const bars = shuffled(backToBack(BAR_COUNT));
      return { run: () => findOverlaps(bars), check: expectPairs(0) };
    },
  },
  {
    name: 'findOverlaps, double-booked',
    work: `${formatNumber(BAR_COUNT)} bars plus 100 double bookings, shuffled: 100 pairs`,
    prepare() {
      const bars = shuffled(doubleBooked(BAR_COUNT));
      return { run: () => findOverlaps(bars), check: expectPairs(BAR_COUNT / 100) };
    },
  },
  ...recurrenceScenarios(),
];

/**
 * A year of recurrence expansion (2026, both DST changes) in America/New_York: what the guide and
 * the timeline ask for when they show a channel's year. The series started in 2024, so the walk
 * skips ahead to the window; the COUNT variant must count from the start instead.
 */
function recurrenceScenarios(): Scenario[] {
  const year = { from: Date.UTC(2026, 0, 1, 5), to: Date.UTC(2027, 0, 1, 5) };
  const series = (rrule: string, exceptions: RecurrenceInput['exceptions'] = null) => ({
    rrule,
    timeZone: 'America/New_York',
    startLocal: '2024-01-01T19:00',
    durationSec: 3600,
    exceptions,
  });
  const expectCount = (count: number) => (result: unknown) => {
    const length = (result as unknown[]).length;
    return length === count ? undefined : `expanded ${length} instances, not ${count}`;
  };
  const cases: [string, string, RecurrenceInput, number][] = [
    ['recurrence year, daily', 'daily 19:00 rule over 365 days', series('FREQ=DAILY'), 365],
    [
      'recurrence year, weekly',
      'weekly rule on Tuesday and Thursday over 365 days',
      series('FREQ=WEEKLY;BYDAY=TU,TH'),
      105, // 2026 has 52 Tuesdays and 53 Thursdays
    ],
    [
      'recurrence year, daily COUNT',
      'daily rule with COUNT=2000 from 2024: counts 730 days first',
      series('FREQ=DAILY;COUNT=2000'),
      365,
    ],
    [
      'recurrence year, daily + overrides',
      'daily rule over 365 days with 52 cancelled and 52 moved instances',
      series(
        'FREQ=DAILY',
        Object.fromEntries(
          Array.from({ length: 104 }, (_, i) => {
            const day = new Date(Date.UTC(2026, 0, 2 + i * 3)).toISOString().slice(0, 10);
            return [
              `${day}T19:00`,
              i % 2 === 0 ? { cancelled: true as const } : { startLocal: `${day}T21:00` },
            ];
          }),
        ),
      ),
      365 - 52,
    ],
  ];
  return cases.map(([name, work, recurrence, count]) => ({
    name,
    work,
    prepare: () => ({ run: () => expandRecurrence(recurrence, year), check: expectCount(count) }),
  }));
}

// ---------------------------------------------------------------------------------------------
// Measuring

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

function measure(scenario: Scenario, runs: number): Row {
  const { run, check } = scenario.prepare();
  const problem = check(run());
  if (problem) throw new Error(`Scenario "${scenario.name}" does not do what it says: ${problem}.`);
  for (let i = 0; i < WARM_UP_RUNS; i++) run();
  const timings: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    work: scenario.work,
    median: percentile(timings, 0.5),
    p99: percentile(timings, 0.99),
    max: timings[timings.length - 1] ?? 0,
    targetMs: scenario.targetMs,
  };
}

function verdict(row: Row): string {
  if (row.targetMs === undefined) return '';
  return row.p99 < row.targetMs ? 'meets' : '**misses**';
}

function main(): void {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '500' }, only: { type: 'string' } },
  });
  const runs = parseWholeNumber('runs', values.runs, 10, 100_000);
  const scenarios = SCENARIOS.filter(
    (s) => values.only === undefined || s.name.includes(values.only),
  );
  if (scenarios.length === 0) {
    throw new Error(
      `No scenario name contains "${values.only}". Names: ${SCENARIOS.map((s) => s.name).join(', ')}.`,
    );
  }

  console.log(`machine: ${machine()}`);
  console.log(
    `load average at start: ${load()}; ${formatNumber(runs)} timed runs per scenario after ${WARM_UP_RUNS} warm-up runs`,
  );
  const rows = scenarios.map((scenario) => measure(scenario, runs));
  const ms = (value: number) => formatNumber(value, 2);
  printTable('Scheduling operations (ms per run)', [
    ['scenario', 'median', 'p99', 'max', 'target', 'verdict', 'one run'],
    ...rows.map((row) => [
      row.scenario,
      ms(row.median),
      ms(row.p99),
      ms(row.max),
      row.targetMs === undefined ? '' : `< ${row.targetMs}`,
      verdict(row).replaceAll('*', ''),
      row.work,
    ]),
  ]);
  console.log(`\nload average at end: ${load()}`);
}

main();
