import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Break } from './breaks.js';
import type { Daypart } from './dayparts.js';
import { placeSpots } from './placement.js';
import type {
  Campaign,
  CampaignStatus,
  GoalPeriod,
  Placement,
  PlacementInput,
  RotationSpot,
} from './placement-types.js';
import { DAY_MS, HOUR, MIN, Outcome } from './test-placement.js';

// Properties of placeSpots over generated stations: one to three channels in zones with and
// without daylight saving, starting on days around the changes (New York's 23- and 25-hour
// days, London's), breaks of every kind and length at any spacing, some sharing a programme;
// campaigns with random flights, channels, dayparts (some past midnight), goals per day, week
// or in all, caps, separations, competitive categories (spelled differently), priorities,
// statuses and weighted rotations of frame-exact ads with validity dates; a `now` anywhere in
// the inventory, and fixed placements from an earlier run of a different plan (what aired).

const RUNS = 80;

const ZONES = ['UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata'];
/** Friday before New York's spring-forward, London's fall-back week, New York's, an ordinary week. */
const STARTS = [
  Date.UTC(2026, 2, 6),
  Date.UTC(2026, 9, 23),
  Date.UTC(2026, 9, 30),
  Date.UTC(2026, 4, 4),
];
const CHANNELS = ['ch1', 'ch2', 'ch3'];

/** What an arbitrary generates. */
type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// Generators

const arbitraryChannel = fc.record({
  zone: fc.constantFrom(...ZONES),
  // A channel airing through Airgrid playout: spots take whole 6-s segments.
  spotUnitSec: fc.constantFrom(undefined, undefined, 6),
  firstMin: fc.integer({ min: 0, max: 600 }),
  breaks: fc.array(
    fc.record({
      gapMin: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 150 })),
      extraSec: fc.constantFrom(0, 0, 0, 17.5, 29.97),
      // Frame-exact lengths just short of sums of ads (29.9 < 29.97, 59.95 < 29.97 + 29.985).
      capacitySec: fc.constantFrom(
        5,
        15,
        29.9,
        30,
        44.96,
        45.5,
        58.259,
        59.95,
        60,
        90,
        120,
        300,
        900,
      ),
      kind: fc.constantFrom('gap', 'point', 'end', 'end'),
      sameProgramme: fc.boolean(),
    }),
    { minLength: 1, maxLength: 40 },
  ),
});

function buildBreaks(channel: string, base: number, spec: ValueOf<typeof arbitraryChannel>) {
  let cursor = base + spec.firstMin * MIN;
  let programme = 0;
  const unit = spec.spotUnitSec;
  return spec.breaks.map((b, i): Break => {
    const startMs = cursor + b.gapMin * MIN + b.extraSec * 1000;
    const capacitySec =
      unit === undefined ? b.capacitySec : Math.max(unit, Math.floor(b.capacitySec / unit) * unit);
    cursor = startMs + capacitySec * 1000;
    if (!b.sameProgramme || i === 0) programme += 1;
    const ref = { timeslotId: `${channel}-t${programme}`, showId: `show-${programme % 3}` };
    const inShow = b.kind !== 'gap';
    return {
      id: `${channel}:${startMs}:${b.kind}`,
      channel,
      timeZone: spec.zone,
      startMs,
      capacitySec,
      kind: b.kind as Break['kind'],
      programme: inShow ? ref : null,
      before: inShow ? ref : null,
      after: b.kind === 'point' ? ref : null,
      ...(unit === undefined ? {} : { spotUnitSec: unit }),
    };
  });
}

const clock = (quarter: number) =>
  `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;

const arbitraryDaypart: fc.Arbitrary<Daypart> = fc
  .record({
    days: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
    from: fc.integer({ min: 0, max: 95 }),
    to: fc.integer({ min: 1, max: 96 }),
  })
  .map(({ days, from, to }) => ({ days, from: clock(from), to: clock(to) }));

// Instants are drawn as per mille of the inventory's span (first to last break start), so
// flights, validity dates and now fall on the inventory whatever its length: from a little
// before its start to a little after its end.
const arbitraryPoint = fc.integer({ min: -100, max: 1100 });

/** Mostly unlimited; otherwise a bound somewhere in the inventory. */
const arbitraryBound = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: arbitraryPoint },
);

const arbitraryRotationSpot = fc.record({
  durationSec: fc.constantFrom(10, 14.985, 15, 29.97, 29.985, 30, 60),
  weight: fc.constantFrom(0, 1, 1, 2, 2, 5),
  validFrom: arbitraryBound,
  validTo: arbitraryBound,
});

/** Some of the time and often not at all: a campaign restricted by two dayparts rarely airs. */
const arbitraryDayparts = fc.oneof(
  { weight: 3, arbitrary: fc.constant([]) },
  { weight: 2, arbitrary: fc.array(arbitraryDaypart, { minLength: 1, maxLength: 2 }) },
);

const arbitraryCampaign = fc.record({
  sponsor: fc.constantFrom('s1', 's2', 's3', 's4'),
  category: fc.constantFrom(null, 'banking', ' Banking', 'cars', 'food'),
  flightFrom: fc.integer({ min: -200, max: 700 }),
  /** Per mille of the span, and at least an hour. */
  flightLength: fc.oneof(
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 300 }) },
    { weight: 3, arbitrary: fc.integer({ min: 300, max: 1500 }) },
  ),
  channels: fc.oneof(
    fc.constant(CHANNELS),
    fc.constant(['ch1']),
    fc.subarray(CHANNELS, { minLength: 1 }),
  ),
  dayparts: arbitraryDayparts,
  per: fc.constantFrom<GoalPeriod>('day', 'week', 'total'),
  spots: fc.oneof(
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }) },
    { weight: 3, arbitrary: fc.integer({ min: 3, max: 20 }) },
  ),
  perHour: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  perProgramme: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  sponsorSec: fc.constantFrom(0, 0, 60, 600, 1800),
  categorySec: fc.constantFrom(0, 300, 1200),
  priority: fc.integer({ min: 1, max: 3 }),
  status: fc.oneof(
    { weight: 6, arbitrary: fc.constant<CampaignStatus>('booked') },
    { weight: 1, arbitrary: fc.constantFrom<CampaignStatus>('paused', 'draft', 'ended') },
  ),
  rotation: fc.array(arbitraryRotationSpot, { minLength: 1, maxLength: 3 }),
});

/** The inventory's span as first and last break start; an instant at per mille `p` of it. */
interface Span {
  from: number;
  to: number;
}

function pointIn(span: Span, perMille: number): number {
  return span.from + Math.round(((span.to - span.from) * perMille) / 1000);
}

function spanOf(breaks: readonly Break[], fallback: number): Span {
  const starts = breaks.map((b) => b.startMs);
  return starts.length === 0
    ? { from: fallback, to: fallback + DAY_MS }
    : { from: Math.min(...starts), to: Math.max(...starts) };
}

function buildCampaign(id: string, span: Span, spec: ValueOf<typeof arbitraryCampaign>): Campaign {
  const hour = (p: number | null) => (p === null ? null : pointIn(span, p));
  const rotation = spec.rotation.map(
    (spot, i): RotationSpot => ({
      ad: `${id}-ad${i}`,
      durationSec: spot.durationSec,
      weight: spot.weight,
      validFromMs: hour(spot.validFrom),
      validToMs: hour(spot.validTo),
    }),
  );
  const flightStart = pointIn(span, spec.flightFrom);
  const flightEnd = Math.max(
    pointIn(span, spec.flightFrom + spec.flightLength),
    flightStart + HOUR,
  );
  return {
    id,
    sponsor: spec.sponsor,
    category: spec.category,
    flight: { startMs: flightStart, endMs: flightEnd },
    channels: spec.channels,
    dayparts: spec.dayparts,
    goal: { per: spec.per, spots: spec.spots },
    caps: { perHour: spec.perHour, perProgramme: spec.perProgramme },
    separation: { sponsorSec: spec.sponsorSec, categorySec: spec.categorySec },
    priority: spec.priority,
    status: spec.status,
    rotation,
  };
}

/** Another plan for the same campaigns: what an earlier run, with other priorities, aired. */
function earlierPlan(campaigns: readonly Campaign[]): Campaign[] {
  return campaigns.map((c) => ({
    ...c,
    priority: 4 - c.priority,
    goal: { ...c.goal, spots: c.goal.spots + 1 },
    status: c.status === 'draft' ? 'booked' : c.status,
  }));
}

/** Placements of breaks that began before `now`: on air or aired, so they are fixed. */
function begunBefore(placements: readonly Placement[], breaks: readonly Break[], now: number) {
  const starts = new Map(breaks.map((b) => [b.id, b.startMs]));
  return placements.filter((p) => (starts.get(p.breakId) ?? Number.POSITIVE_INFINITY) < now);
}

const arbitraryInput: fc.Arbitrary<PlacementInput> = fc
  .record({
    base: fc.constantFrom(...STARTS),
    channels: fc.array(arbitraryChannel, { minLength: 1, maxLength: 3 }),
    campaigns: fc.array(arbitraryCampaign, { minLength: 2, maxLength: 7 }),
    nowAt: fc.oneof(fc.integer({ min: -100, max: 300 }), arbitraryPoint),
    withFixed: fc.boolean(),
  })
  .map(({ base, channels, campaigns, nowAt, withFixed }) => {
    const breaks = channels.flatMap((spec, i) => buildBreaks(CHANNELS[i] ?? 'ch', base, spec));
    const span = spanOf(breaks, base);
    const built = campaigns.map((spec, i) => buildCampaign(`c${i}`, span, spec));
    const now = pointIn(span, nowAt);
    const fixed = withFixed
      ? begunBefore(
          placeSpots({ breaks, campaigns: earlierPlan(built), fixed: [], now: base - DAY_MS })
            .placements,
          breaks,
          now,
        )
      : [];
    return { breaks, campaigns: built, fixed, now };
  });

/** A fixed-seed shuffle, for inputs handed over in another order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function run(input: PlacementInput): Outcome {
  return new Outcome(input, placeSpots(input));
}

// ---------------------------------------------------------------------------------------------

describe('placeSpots (properties)', () => {
  it('never overfills a break: spots back to back from its start, within its capacity', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        expect(run(input).overfilled()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('places only booked campaigns, in open breaks on their channels, in flight, daypart and validity', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        expect(run(input).ineligible()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('holds the caps per clock hour and per programme', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        expect(run(input).overCap()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps sponsor and competitive separation on each channel, across breaks', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        expect(run(input).tooClose()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('never places beyond a goal, and reports every period as placed, fixed spots included', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const outcome = run(input);
        expect(outcome.overGoal()).toEqual([]);
        expect(outcome.misreported()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps every fixed placement as it was', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const { placements } = placeSpots(input);
        for (const fixed of input.fixed) expect(placements).toContain(fixed);
        expect(placements.length).toBeGreaterThanOrEqual(input.fixed.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('lets no lower priority hold seconds a higher one was due and able to use', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        expect(run(input).preempted()).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('gives higher priorities the same placements whether or not lower ones are booked', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.integer({ min: 2, max: 3 }), (input, level) => {
        const priority = new Map(input.campaigns.map((c) => [c.id, c.priority]));
        const fixed = new Set(input.fixed);
        const withoutLower = placeSpots({
          ...input,
          campaigns: input.campaigns.map((c) =>
            c.priority < level && c.status === 'booked' ? { ...c, status: 'paused' } : c,
          ),
        });
        const higher = placeSpots(input).placements.filter(
          (p) => fixed.has(p) || (priority.get(p.campaign) ?? 0) >= level,
        );
        expect(withoutLower.placements).toEqual(higher);
      }),
      { numRuns: RUNS },
    );
  });

  it('gives the same result, byte for byte, for the same input in any order', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.integer({ min: 1, max: 2 ** 30 }), (input, seed) => {
        const reordered: PlacementInput = {
          now: input.now,
          breaks: shuffled(input.breaks, seed),
          fixed: shuffled(input.fixed, seed + 1),
          campaigns: shuffled(input.campaigns, seed + 2).map((c) => ({
            ...c,
            channels: shuffled(c.channels, seed + 3),
            dayparts: shuffled(c.dayparts, seed + 4),
            rotation: shuffled(c.rotation, seed + 5),
          })),
        };
        expect(JSON.stringify(placeSpots(reordered))).toBe(JSON.stringify(placeSpots(input)));
      }),
      { numRuns: RUNS },
    );
  });

  it('gives the same result when run again later from what it placed before then', () => {
    fc.assert(
      fc.property(arbitraryInput, arbitraryPoint, (input, laterAt) => {
        const first = placeSpots(input);
        const later = Math.max(input.now, pointIn(spanOf(input.breaks, input.now), laterAt));
        const aired = begunBefore(first.placements, input.breaks, later);
        const fixed = [...new Set([...input.fixed, ...aired])];
        const again = placeSpots({ ...input, fixed, now: later });
        expect(JSON.stringify(again)).toBe(JSON.stringify(first));
      }),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Evenness, where inventory allows: one top-priority campaign with no caps and no separation,
// every break roomy enough for it, among random lower-priority campaigns competing for the
// rest. Its goal is at most what its thinnest eligible day can hold (one spot per break).

const arbitraryEvenStation = fc.record({
  base: fc.constantFrom(...STARTS),
  zone: fc.constantFrom(...ZONES),
  days: fc.array(
    fc.array(fc.integer({ min: 0, max: 24 * 60 - 1 }), { minLength: 1, maxLength: 12 }),
    {
      minLength: 1,
      maxLength: 9,
    },
  ),
  dayparts: fc.array(arbitraryDaypart, { maxLength: 2 }),
  goalSeed: fc.nat(),
  others: fc.array(arbitraryCampaign, { maxLength: 4 }),
});

function evenStation(spec: ValueOf<typeof arbitraryEvenStation>, per: GoalPeriod) {
  const breaks = spec.days.flatMap((minutes, day) =>
    [...new Set(minutes)].map((m): Break => {
      const startMs = spec.base + day * DAY_MS + m * MIN;
      return {
        id: `ch1:${startMs}:gap`,
        channel: 'ch1',
        timeZone: spec.zone,
        startMs,
        capacitySec: 50,
        kind: 'gap',
        programme: null,
        before: null,
        after: null,
      };
    }),
  );
  const even: Campaign = {
    id: 'even',
    sponsor: 'even-sponsor',
    category: null,
    flight: { startMs: spec.base - DAY_MS, endMs: spec.base + 12 * DAY_MS },
    channels: ['ch1'],
    dayparts: spec.dayparts,
    goal: { per, spots: 0 },
    caps: { perHour: null, perProgramme: null },
    separation: { sponsorSec: 0, categorySec: 0 },
    priority: 9,
    status: 'booked',
    rotation: [
      { ad: 'even-ad', durationSec: 29.97, weight: 1, validFromMs: null, validToMs: null },
    ],
  };
  const span = spanOf(breaks, spec.base);
  const others = spec.others.map((o, i) => buildCampaign(`o${i}`, span, o));
  const probe = new Outcome(
    { breaks, campaigns: [even], fixed: [], now: 0 },
    { placements: [], delivery: [] },
  );
  const perDay = new Map<string, number>();
  for (const brk of probe.eligibleBreaks(even)) {
    const day = probe.dateOf(brk);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return { breaks, even, others, perDay };
}

function countsByDay(outcome: Outcome, campaign: string, days: Iterable<string>): number[] {
  const counts = new Map([...days].map((day) => [day, 0]));
  for (const p of outcome.result.placements) {
    if (p.campaign !== campaign) continue;
    const day = outcome.dateOf(outcome.breakOf(p));
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts.values()];
}

describe('placeSpots spreads delivery evenly (properties)', () => {
  it('places a total goal over the eligible days with per-day counts at most one apart', () => {
    fc.assert(
      fc.property(arbitraryEvenStation, (spec) => {
        const { breaks, even, others, perDay } = evenStation(spec, 'total');
        fc.pre(perDay.size > 0);
        const room = perDay.size * Math.min(...perDay.values());
        const goal = 1 + (spec.goalSeed % room);
        const campaigns = [{ ...even, goal: { per: 'total' as const, spots: goal } }, ...others];
        const outcome = run({ breaks, campaigns, fixed: [], now: spec.base - DAY_MS });
        const counts = countsByDay(outcome, 'even', perDay.keys());
        expect(counts.reduce((a, b) => a + b, 0)).toBe(goal);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
      { numRuns: RUNS },
    );
  });

  it('reaches a per-day goal on every eligible day that has the breaks for it', () => {
    fc.assert(
      fc.property(arbitraryEvenStation, (spec) => {
        const { breaks, even, others, perDay } = evenStation(spec, 'day');
        fc.pre(perDay.size > 0);
        const goal = 1 + (spec.goalSeed % Math.max(...perDay.values()));
        const campaigns = [{ ...even, goal: { per: 'day' as const, spots: goal } }, ...others];
        const outcome = run({ breaks, campaigns, fixed: [], now: spec.base - DAY_MS });
        const counts = countsByDay(outcome, 'even', perDay.keys());
        expect(counts).toEqual(
          [...perDay.values()].map((breaksThatDay) => Math.min(goal, breaksThatDay)),
        );
        const report = outcome.result.delivery.find((d) => d.campaign === 'even');
        expect(report?.periods.map((p) => p.shortfall)).toEqual(
          [...perDay.values()].map((breaksThatDay) => Math.max(0, goal - breaksThatDay)),
        );
      }),
      { numRuns: RUNS },
    );
  });
});
