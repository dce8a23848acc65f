import { describe, expect, it } from 'vitest';
import {
  BREAKS_MAX_CHANNELS,
  breakFill,
  breakLabel,
  breakMarks,
  breaksReading,
  type ChannelBreaks,
  parseShowBreaks,
} from './breaks-model';
import { windowFor } from './timeslots-model';

type Break = ChannelBreaks['breaks'][number];
type Spot = Break['spots'][number];

const ZONE = 'America/New_York';

function spot(overrides: Partial<Spot> = {}): Spot {
  return {
    placement: 'p1',
    campaign: 'c1',
    campaignName: 'Bakery spring',
    ad: 'a1',
    adTitle: 'Bread',
    sponsorName: 'Bakery',
    start: '2026-03-10T23:14:30.000Z',
    offsetSec: 0,
    durationSec: 29.97,
    ...overrides,
  };
}

function brk(overrides: Partial<Break> = {}): Break {
  return {
    id: 'ch1:1773184470000:end',
    kind: 'end',
    // 7:14:30 PM in New York (EDT since 8 March).
    start: '2026-03-10T23:14:30.000Z',
    capacitySec: 150,
    freeSec: 60,
    timeslot: 't1',
    spots: [spot()],
    ...overrides,
  };
}

describe('breaksReading', () => {
  it('shows the breaks of a day, spring-forward and fall-back days included', () => {
    expect(breaksReading(windowFor('hour', '2026-03-10', ZONE), 3)).toBe('shown');
    expect(breaksReading(windowFor('hour', '2026-03-08', ZONE), 3)).toBe('shown');
    expect(breaksReading(windowFor('hour', '2026-11-01', ZONE), 3)).toBe('shown');
  });

  it('shows none over a week or longer', () => {
    for (const precision of ['day', 'date', 'week', 'month'] as const) {
      expect(breaksReading(windowFor(precision, '2026-03-10', ZONE), 1)).toBe('window-too-long');
    }
  });

  it('shows none past the channels it reads at once', () => {
    const day = windowFor('hour', '2026-03-10', ZONE);
    expect(breaksReading(day, BREAKS_MAX_CHANNELS)).toBe('shown');
    expect(breaksReading(day, BREAKS_MAX_CHANNELS + 1)).toBe('too-many-channels');
  });
});

describe('breakFill', () => {
  it('is the share used', () => {
    expect(breakFill(150, 60)).toBeCloseTo(0.6);
    expect(breakFill(120, 120)).toBe(0);
  });

  it('is full when what is free reads as none', () => {
    expect(breakFill(120, 0)).toBe(1);
    expect(breakFill(120, 0.3)).toBe(1);
    expect(breakFill(120, 0.6)).toBeLessThan(1);
  });

  it('is full for a break without room', () => {
    expect(breakFill(0, 0)).toBe(1);
  });
});

describe('breakLabel', () => {
  it('says when, how long, how much is free and the spots', () => {
    expect(breakLabel(brk(), ZONE, '12h')).toBe(
      'Break 7:14:30 PM, 2:30 long, 1:00 free: Bakery — Bread (0:30)',
    );
  });

  it('reads the user’s clock', () => {
    expect(breakLabel(brk(), ZONE, '24h')).toBe(
      'Break 19:14:30, 2:30 long, 1:00 free: Bakery — Bread (0:30)',
    );
  });

  it('names a full break full, its spots in order', () => {
    const full = brk({
      capacitySec: 120,
      freeSec: 0,
      spots: [
        spot({ sponsorName: 'Hilltop Bakery', adTitle: 'Bread', durationSec: 60 }),
        spot({ sponsorName: 'River Books', adTitle: 'Reading', durationSec: 60, offsetSec: 60 }),
      ],
    });
    expect(breakLabel(full, ZONE, '12h')).toBe(
      'Break 7:14:30 PM, 2:00 long, full: Hilltop Bakery — Bread (1:00); River Books — Reading (1:00)',
    );
  });

  it('names an empty gap empty', () => {
    const gap = brk({
      kind: 'gap',
      start: '2026-03-11T00:15:00.000Z',
      capacitySec: 900,
      freeSec: 900,
      timeslot: null,
      spots: [],
    });
    expect(breakLabel(gap, ZONE, '12h')).toBe('Gap 8:15:00 PM, 15:00 long, empty');
  });

  it('leaves out a spot’s missing sponsor (a PSA)', () => {
    const psa = brk({ spots: [spot({ sponsorName: '', adTitle: 'Vote early' })] });
    expect(breakLabel(psa, ZONE, '12h')).toContain(': Vote early (0:30)');
  });
});

describe('breakMarks', () => {
  it('makes a mark a break on the channel’s row', () => {
    const [mark] = breakMarks({ channel: 'ch1', timeZone: ZONE, breaks: [brk()] }, ZONE, '12h');
    expect(mark).toEqual({
      id: 'ch1:1773184470000:end',
      rowId: 'ch1',
      start: Date.parse('2026-03-10T23:14:30.000Z'),
      durationSec: 150,
      fill: 0.6,
      label: 'Break 7:14:30 PM, 2:30 long, 1:00 free: Bakery — Bread (0:30)',
      quiet: false,
    });
    // An empty gap is drawn but not read out; a gap holding a spot is.
    const [empty, sold] = breakMarks(
      {
        channel: 'ch1',
        timeZone: ZONE,
        breaks: [
          brk({ kind: 'gap', spots: [] }),
          brk({ id: 'ch1:1773185400000:gap', kind: 'gap' }),
        ],
      },
      ZONE,
      '12h',
    );
    expect(empty?.quiet).toBe(true);
    expect(sold?.quiet).toBe(false);
  });

  it('leaves out a break without a readable start or room', () => {
    const marks = breakMarks(
      {
        channel: 'ch1',
        timeZone: ZONE,
        breaks: [brk({ start: 'not a date' }), brk({ capacitySec: 0, freeSec: 0 })],
      },
      ZONE,
      '12h',
    );
    expect(marks).toEqual([]);
  });
});

describe('parseShowBreaks', () => {
  it('shows breaks only when that was chosen', () => {
    expect(parseShowBreaks('shown')).toBe(true);
    expect(parseShowBreaks('hidden')).toBe(false);
    expect(parseShowBreaks(null)).toBe(false);
    expect(parseShowBreaks('yes')).toBe(false);
  });
});
