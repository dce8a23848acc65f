import { describe, expect, it } from 'vitest';
import { localToInstant } from '../time.js';
import type { Break } from './breaks.js';
import { evenShare } from './pacing.js';
import { placeSpots } from './placement.js';
import type { Campaign, Placement, PlacementInput } from './placement-types.js';
import { nextAd } from './rotation.js';
import {
  ad,
  at,
  DAY_MS,
  HOUR,
  MIN,
  MONDAY,
  makeBreak,
  makeCampaign,
  Outcome,
} from './test-placement.js';

function place(extra: Partial<PlacementInput>) {
  const input: PlacementInput = { breaks: [], campaigns: [], fixed: [], now: MONDAY, ...extra };
  const result = placeSpots(input);
  // Every hand-made example keeps every rule, too.
  const outcome = new Outcome(input, result);
  expect([
    ...outcome.overfilled(),
    ...outcome.ineligible(),
    ...outcome.overCap(),
    ...outcome.tooClose(),
    ...outcome.overGoal(),
    ...outcome.misreported(),
    ...outcome.preempted(),
  ]).toEqual([]);
  return result;
}

/** Placements as short strings: "campaign/ad HH:MM:SS.mmm". */
function brief(placements: Placement[]): string[] {
  return placements.map(
    (p) => `${p.campaign}/${p.ad} ${new Date(p.startMs).toISOString().slice(11, 23)}`,
  );
}

/** `count` breaks of `capacitySec` a day from `first`, every `everyMin` minutes, for `days` days. */
function everyDay(
  days: number,
  count: number,
  everyMin: number,
  capacitySec = 120,
  first = '00:00',
) {
  const breaks: Break[] = [];
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < count; i++)
      breaks.push(makeBreak('ch', at(first, d) + i * everyMin * MIN, capacitySec));
  }
  return breaks;
}

function perDay(placements: Placement[]): number[] {
  const counts = new Map<string, number>();
  for (const p of placements) {
    const day = new Date(p.startMs).toISOString().slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts.values()];
}

describe('placeSpots: filling a break', () => {
  it('lays spots back to back from the break’s start, exact to the frame', () => {
    const result = place({
      breaks: [makeBreak('ch', at('10:00'), 60)],
      campaigns: [
        makeCampaign('a', { rotation: [ad('a1', 29.97)] }),
        makeCampaign('b', { rotation: [ad('b1', 29.97)] }),
        makeCampaign('c', { rotation: [ad('c1', 10)] }),
      ],
    });
    expect(brief(result.placements)).toEqual(['a/a1 10:00:00.000', 'b/b1 10:00:29.970']);
    expect(result.placements.map((p) => p.offsetSec)).toEqual([0, 29.97]);
    // 0.06 s are left: the 10-second spot does not fit and is owed.
    expect(result.delivery.find((d) => d.campaign === 'c')?.shortfall).toBe(1);
  });

  it('gives the break to the higher priority first, whatever the ids', () => {
    const result = place({
      breaks: [makeBreak('ch', at('10:00'), 30)],
      campaigns: [makeCampaign('a', { priority: 1 }), makeCampaign('z', { priority: 5 })],
    });
    expect(brief(result.placements)).toEqual(['z/z-ad 10:00:00.000']);
  });

  it('puts a campaign once in a break, and picks an ad that still fits', () => {
    const result = place({
      breaks: [makeBreak('ch', at('10:00'), 45)],
      campaigns: [
        makeCampaign('a', { goal: { per: 'total', spots: 3 } }),
        makeCampaign('b', { rotation: [ad('long', 30), ad('short', 15, { weight: 0.1 })] }),
      ],
    });
    expect(brief(result.placements)).toEqual(['a/a-ad 10:00:00.000', 'b/short 10:00:30.000']);
  });
});

describe('placeSpots: eligibility', () => {
  it('uses only breaks wholly inside the flight, on the campaign’s channels', () => {
    const result = place({
      breaks: [
        makeBreak('ch', at('09:59'), 120),
        makeBreak('other', at('10:30'), 120),
        makeBreak('ch', at('11:00'), 120),
        makeBreak('ch', at('11:59'), 120),
      ],
      campaigns: [
        makeCampaign('a', {
          flight: { startMs: at('10:00'), endMs: at('12:00') },
          goal: { per: 'total', spots: 5 },
        }),
      ],
    });
    expect(brief(result.placements)).toEqual(['a/a-ad 11:00:00.000']);
  });

  it('reads dayparts on the channel’s clock: weekday evenings in New York', () => {
    const zone = 'America/New_York';
    const ny = (local: string) =>
      makeBreak('ch', localToInstant(local, zone), 60, { timeZone: zone });
    const result = place({
      // Monday 17:55 and 18:05, Saturday 18:05, Tuesday 20:55 and 21:00, New York time.
      breaks: [
        '2026-05-04T17:55',
        '2026-05-04T18:05',
        '2026-05-09T18:05',
        '2026-05-05T20:55',
        '2026-05-05T21:00',
      ].map(ny),
      campaigns: [
        makeCampaign('a', {
          dayparts: [{ days: [1, 2, 3, 4, 5], from: '18:00', to: '21:00' }],
          goal: { per: 'day', spots: 3 },
        }),
      ],
    });
    expect(brief(result.placements)).toEqual(['a/a-ad 22:05:00.000', 'a/a-ad 00:55:00.000']);
  });

  it('never airs an ad outside its validity; the rotation goes on with the others', () => {
    const result = place({
      breaks: everyDay(1, 4, 60),
      campaigns: [
        makeCampaign('a', {
          goal: { per: 'total', spots: 4 },
          rotation: [
            ad('old', 30, { validToMs: at('02:00') }),
            ad('new', 30, { validFromMs: at('01:00') }),
          ],
        }),
      ],
    });
    expect(brief(result.placements)).toEqual([
      'a/old 00:00:00.000',
      'a/new 01:00:00.000',
      'a/new 02:00:00.000',
      'a/new 03:00:00.000',
    ]);
  });

  it('places nothing for draft, paused or ended campaigns', () => {
    const result = place({
      breaks: everyDay(1, 4, 60),
      campaigns: (['draft', 'paused', 'ended'] as const).map((status) =>
        makeCampaign(status, { status }),
      ),
    });
    expect(result.placements).toEqual([]);
    expect(result.delivery.map((d) => d.shortfall)).toEqual([1, 1, 1]);
  });
});

describe('placeSpots: caps and separation', () => {
  it('holds the cap per clock hour and per programme', () => {
    const show = { timeslotId: 't1', showId: 's1' };
    const breaks = [
      makeBreak('ch', at('10:00'), 60, { programme: show, kind: 'point' }),
      makeBreak('ch', at('10:20'), 60, { programme: show, kind: 'point' }),
      makeBreak('ch', at('10:40'), 60, { programme: show }),
      makeBreak('ch', at('11:00'), 60),
      makeBreak('ch', at('11:20'), 60),
    ];
    const capped = (perHour: number | null, perProgramme: number | null) =>
      place({
        breaks,
        campaigns: [
          makeCampaign('a', { goal: { per: 'total', spots: 5 }, caps: { perHour, perProgramme } }),
        ],
      }).placements.length;
    expect(capped(null, null)).toBe(5);
    expect(capped(1, null)).toBe(2);
    expect(capped(null, 2)).toBe(4);
    expect(capped(2, 1)).toBe(3);
  });

  it('counts the two 01:00 hours of New York’s 25-hour day as two clock hours', () => {
    const zone = 'America/New_York';
    const first = localToInstant('2026-11-01T01:10', zone);
    const breaks = [0, 30, 60, 90].map((m) =>
      makeBreak('ch', first + m * MIN, 60, { timeZone: zone }),
    );
    const result = place({
      breaks,
      campaigns: [
        makeCampaign('a', {
          flight: { startMs: first - DAY_MS, endMs: first + DAY_MS },
          goal: { per: 'day', spots: 4 },
          caps: { perHour: 1, perProgramme: null },
        }),
      ],
    });
    // 01:10 EDT and 01:10 EST, one an hour apart on the same clock reading.
    expect(result.placements.map((p) => p.startMs)).toEqual([first, first + HOUR]);
  });

  it('keeps one sponsor’s spots apart, across campaigns and breaks', () => {
    const breaks = everyDay(1, 6, 10);
    const result = place({
      breaks,
      campaigns: [
        makeCampaign('a', {
          sponsor: 'bank',
          goal: { per: 'total', spots: 6 },
          separation: { sponsorSec: 900, categorySec: 0 },
        }),
        makeCampaign('b', { sponsor: 'bank', goal: { per: 'total', spots: 6 } }),
      ],
    });
    // Breaks last 2 minutes: a's 15 quiet minutes (the larger figure) hold between a and b;
    // b's own spots need none.
    expect(brief(result.placements)).toEqual([
      'a/a-ad 00:00:00.000',
      'b/b-ad 00:20:00.000',
      'b/b-ad 00:30:00.000',
      'b/b-ad 00:40:00.000',
      'b/b-ad 00:50:00.000',
    ]);
  });

  it('keeps competing categories apart, read trimmed and case-blind', () => {
    const result = place({
      breaks: [makeBreak('ch', at('10:00'), 120), makeBreak('other', at('10:00'), 120)],
      campaigns: [
        makeCampaign('a', { category: 'Banking', separation: { sponsorSec: 0, categorySec: 600 } }),
        makeCampaign('b', { category: ' banking ', channels: ['ch', 'other'] }),
        makeCampaign('c', { category: 'cars' }),
      ],
    });
    // b goes to the other channel: separation holds per channel.
    expect(result.placements.map((p) => `${p.campaign} ${p.channel}`)).toEqual([
      'a ch',
      'b other',
      'c ch',
    ]);
  });
});

describe('placeSpots: pacing', () => {
  it('spreads a total goal evenly over the flight’s days, the extra ones spaced out', () => {
    const result = place({
      breaks: everyDay(5, 8, 60),
      campaigns: [makeCampaign('a', { goal: { per: 'total', spots: 7 } })],
    });
    expect(perDay(result.placements)).toEqual([1, 2, 1, 2, 1]);
  });

  it('places a per-day goal in the middle of the day’s stretches, not at its end', () => {
    const result = place({
      breaks: everyDay(1, 48, 30),
      campaigns: [makeCampaign('a', { goal: { per: 'day', spots: 2 } })],
    });
    expect(brief(result.placements)).toEqual(['a/a-ad 05:30:00.000', 'a/a-ad 17:30:00.000']);
  });

  it('catches up at the next break when a due break is full, and reports what it could not', () => {
    const breaks = everyDay(2, 4, 60, 30);
    const result = place({
      breaks,
      campaigns: [
        makeCampaign('top', {
          priority: 9,
          goal: { per: 'day', spots: 1 },
          rotation: [ad('t', 30)],
        }),
        makeCampaign('a', { goal: { per: 'day', spots: 4 } }),
      ],
    });
    expect(brief(result.placements.filter((p) => p.campaign === 'a'))).toEqual([
      'a/a-ad 00:00:00.000',
      'a/a-ad 02:00:00.000',
      'a/a-ad 03:00:00.000',
      'a/a-ad 00:00:00.000',
      'a/a-ad 02:00:00.000',
      'a/a-ad 03:00:00.000',
    ]);
    expect(result.delivery.find((d) => d.campaign === 'a')).toEqual({
      campaign: 'a',
      per: 'day',
      periods: [
        { period: '2026-05-04', goal: 4, placed: 3, missed: 0, makeGoods: 0, shortfall: 1 },
        { period: '2026-05-05', goal: 4, placed: 3, missed: 0, makeGoods: 0, shortfall: 1 },
      ],
      shortfall: 2,
      missed: 0,
    });
  });

  it('counts weeks from Monday on the channel’s clock', () => {
    const result = place({
      breaks: everyDay(14, 2, 600),
      campaigns: [
        makeCampaign('a', {
          goal: { per: 'week', spots: 3 },
          flight: { startMs: at('00:00', 2), endMs: at('00:00', 14) },
        }),
      ],
    });
    expect(result.delivery[0]?.periods).toEqual([
      { period: '2026-05-04', goal: 3, placed: 3, missed: 0, makeGoods: 0, shortfall: 0 },
      { period: '2026-05-11', goal: 3, placed: 3, missed: 0, makeGoods: 0, shortfall: 0 },
    ]);
    // The first week's three spots on three of its five days from Wednesday, spaced out.
    expect(perDay(result.placements.filter((p) => p.startMs < at('00:00', 7)))).toEqual([1, 1, 1]);
  });

  it('counts a day from local midnight to midnight, on New York’s 23- and 25-hour days too', () => {
    const zone = 'America/New_York';
    const dates = ['2026-03-07', '2026-03-08', '2026-10-31', '2026-11-01'];
    // Each day: 00:30 and 23:30 New York time; 23:30 is already the next day in UTC.
    const breaks = dates.flatMap((date) =>
      ['00:30', '23:30'].map((time) =>
        makeBreak('ch', localToInstant(`${date}T${time}`, zone), 60, { timeZone: zone }),
      ),
    );
    const result = place({
      breaks,
      campaigns: [
        makeCampaign('a', {
          flight: { startMs: Date.UTC(2026, 0, 1), endMs: Date.UTC(2027, 0, 1) },
          goal: { per: 'day', spots: 2 },
        }),
      ],
      now: Date.UTC(2026, 0, 1),
    });
    expect(result.placements).toHaveLength(8);
    expect(result.delivery[0]?.periods).toEqual(
      dates.map((period) => ({
        period,
        goal: 2,
        placed: 2,
        missed: 0,
        makeGoods: 0,
        shortfall: 0,
      })),
    );
  });

  it('shares evenly, rounding half up so spots sit mid-stretch', () => {
    expect([0, 1, 2, 3].map((i) => evenShare(i, 4, 6))).toEqual([2, 3, 5, 6]);
    expect([10, 11, 34, 35, 47].map((i) => evenShare(i, 48, 2))).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('placeSpots: rotation', () => {
  it('airs a weighted rotation smoothly: 5, 1, 1 as A A A B C A A', () => {
    const result = place({
      breaks: everyDay(1, 7, 10),
      campaigns: [
        makeCampaign('r', {
          goal: { per: 'total', spots: 7 },
          rotation: [ad('C', 30), ad('A', 30, { weight: 5 }), ad('B', 30)],
        }),
      ],
    });
    expect(result.placements.map((p) => p.ad).join(' ')).toBe('A A A B C A A');
  });

  it('skips ads that do not fit and says when none does', () => {
    const aired = new Map([['a', 3]]);
    const spots = [ad('a', 15), ad('b', 60)];
    expect(nextAd(spots, aired, (s) => s.durationSec <= 30)?.ad).toBe('a');
    expect(nextAd(spots, aired, () => false)).toBeNull();
  });
});

describe('placeSpots: fixed placements and now', () => {
  const breaks = everyDay(1, 4, 60);
  const campaign = makeCampaign('a', { goal: { per: 'total', spots: 3 } });
  const aired: Placement = {
    breakId: breaks[0]?.id ?? '',
    channel: 'ch',
    campaign: 'a',
    ad: 'a-ad',
    startMs: at('00:00'),
    offsetSec: 0,
    durationSec: 30,
  };

  it('keeps fixed placements, counts them, and places only in breaks not yet begun', () => {
    const result = place({ breaks, campaigns: [campaign], fixed: [aired], now: at('00:00') + 1 });
    expect(result.placements[0]).toBe(aired);
    expect(brief(result.placements)).toEqual([
      'a/a-ad 00:00:00.000',
      'a/a-ad 01:00:00.000',
      'a/a-ad 03:00:00.000',
    ]);
    expect(result.delivery[0]?.periods[0]).toMatchObject({ goal: 3, placed: 3 });
  });

  it('keeps what a campaign no longer booked or no longer known aired', () => {
    const paused = { ...campaign, status: 'paused' as const };
    const stranger: Placement = {
      ...aired,
      campaign: 'gone',
      breakId: 'elsewhere',
      startMs: at('23:00'),
    };
    const result = place({
      breaks,
      campaigns: [paused],
      fixed: [aired, stranger],
      now: MONDAY - DAY_MS,
    });
    expect(result.placements).toEqual([aired, stranger]);
    expect(result.delivery).toEqual([
      {
        campaign: 'a',
        per: 'total',
        periods: [{ period: 'flight', goal: 3, placed: 1, missed: 0, makeGoods: 0, shortfall: 2 }],
        shortfall: 2,
        missed: 0,
      },
    ]);
  });

  it('appends to a break not yet begun after its fixed spots', () => {
    const pinned: Placement = { ...aired, campaign: 'b', ad: 'b-ad', durationSec: 45 };
    const result = place({
      breaks,
      campaigns: [campaign, makeCampaign('b', { status: 'paused' })],
      fixed: [pinned],
      now: MONDAY - DAY_MS,
    });
    expect(result.placements.slice(0, 2).map((p) => [p.campaign, p.offsetSec])).toEqual([
      ['b', 0],
      ['a', 45],
    ]);
  });

  it('holds a missed spot’s break but counts it for nothing: its period places one more', () => {
    const missed: Placement = { ...aired, missed: true };
    const result = place({ breaks, campaigns: [campaign], fixed: [missed], now: at('00:00') + 1 });
    expect(result.placements[0]).toBe(missed);
    // Three placed after the missed one (goal 3), in the breaks that had not begun.
    expect(brief(result.placements)).toEqual([
      'a/a-ad 00:00:00.000',
      'a/a-ad 01:00:00.000',
      'a/a-ad 02:00:00.000',
      'a/a-ad 03:00:00.000',
    ]);
    expect(result.delivery[0]).toMatchObject({
      shortfall: 0,
      missed: 1,
      periods: [{ period: 'flight', goal: 3, placed: 3, missed: 1, makeGoods: 0, shortfall: 0 }],
    });
  });

  it('makes a spot missed on a day that is over good on the next day with breaks', () => {
    const days = everyDay(3, 2, 60);
    const daily = makeCampaign('a', { goal: { per: 'day', spots: 1 } });
    const missed: Placement = { ...aired, missed: true };
    const result = place({
      breaks: days,
      campaigns: [daily],
      fixed: [missed],
      // The first day is over: its make-good goes to the second day (two spots), not the third.
      now: at('00:00', 1) - 1,
    });
    expect(perDay(result.placements)).toEqual([1, 2, 1]);
    expect(result.delivery[0]?.periods).toEqual([
      { period: '2026-05-04', goal: 1, placed: 0, missed: 1, makeGoods: 0, shortfall: 0 },
      { period: '2026-05-05', goal: 1, placed: 2, missed: 0, makeGoods: 1, shortfall: 0 },
      { period: '2026-05-06', goal: 1, placed: 1, missed: 0, makeGoods: 0, shortfall: 0 },
    ]);
    expect(result.delivery[0]).toMatchObject({ missed: 1, shortfall: 0 });
  });

  it('keeps a missed spot owed when the flight has no break left to make it good', () => {
    const missed: Placement = { ...aired, missed: true };
    const result = place({
      breaks,
      campaigns: [makeCampaign('a', { goal: { per: 'total', spots: 1 } })],
      fixed: [missed],
      now: at('23:00'),
    });
    expect(result.placements).toEqual([missed]);
    expect(result.delivery[0]).toMatchObject({ missed: 1, shortfall: 1 });
  });

  it('is refused a goal or cap that is not a whole number', () => {
    const bad: Campaign = makeCampaign('x', { goal: { per: 'day', spots: 1.5 } });
    expect(() => placeSpots({ breaks, campaigns: [bad], fixed: [], now: 0 })).toThrow(
      /Campaign x: its goal/,
    );
  });
});
