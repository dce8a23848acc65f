import { describe, expect, it } from 'vitest';
import {
  airedBetween,
  itemAt,
  itemStartsBetween,
  itemStartsInDay,
  runsBetween,
} from './air-plan.js';
import { rotationStart } from './fill.js';
import { pausesOnAir } from './pauses.js';
import { segmentAt, utcDay } from './segment-grid.js';
import { at, DAY, media, playout, SLATE, slot, spot } from './test-playout.js';

const seg = (time: string, days = 0) => segmentAt(at(time, days), 6);
const SHOW = media('show', 300); // 30 minutes at 6 s
const LONG = media('long', 700); // 70 minutes
const CLIPS = [media('c0', 10), media('c1', 20), media('c2', 5)];

/** What airs at an instant, as "kind id@segment" (and "+" when the item starts there). */
function airs(p: ReturnType<typeof playout>, time: string, days = 0): string {
  const run = itemAt(p, seg(time, days));
  return `${run.kind} ${run.media.id}@${run.offset}${run.starts ? '+' : ''}`;
}

describe('media packaged after the slot began', () => {
  it('airs the gap until the segment after it was ready, then joins at the scheduled position', () => {
    const p = playout([slot('a', '10:00', 30, SHOW, { mediaReadyAt: at('10:05:03') })], CLIPS);
    expect(airs(p, '10:05')).not.toMatch(/^programme/);
    expect(airs(p, '10:05:06')).toBe('programme show@51+');
    expect(airs(p, '10:05:12')).toBe('programme show@52');
    // Ready before the start: the slot airs whole.
    const early = playout([slot('a', '10:00', 30, SHOW, { mediaReadyAt: at('09:00') })], CLIPS);
    expect(airs(early, '10:00')).toBe('programme show@0+');
  });
});

describe('programmes', () => {
  const p = playout([slot('a', '10:00', 60, SHOW), slot('b', '11:00', 60, LONG)], CLIPS);

  it('airs a show from its first segment at the slot start', () => {
    expect(airs(p, '10:00')).toBe('programme show@0+');
    expect(itemAt(p, seg('10:00')).slotId).toBe('a');
  });

  it('joins a programme at its scheduled position', () => {
    expect(airs(p, '10:17:59')).toBe(`programme show@${(17 * 60 + 54) / 6}`);
    expect(airs(p, '10:29:54')).toBe('programme show@299');
  });

  it('cuts a show longer than its slot at the slot end', () => {
    expect(airs(p, '11:59:54')).toBe('programme long@599');
    expect(airs(p, '12:00')).not.toMatch(/^programme/);
  });

  it('fills the rest of a slot after its show ends, from the rotation', () => {
    const gap = seg('10:30');
    const first = CLIPS[rotationStart(gap, CLIPS.length)];
    expect(airs(p, '10:30')).toBe(`filler ${first?.id}@0+`);
  });

  it('airs a cancelled or unpackaged timeslot as a gap', () => {
    const cancelled = playout([slot('a', '10:00', 60, SHOW, { cancelled: true })], []);
    expect(airs(cancelled, '10:10')).toMatch(/^slate /);
    const unpackaged = playout([slot('a', '10:00', 60, null)], []);
    expect(airs(unpackaged, '10:10')).toMatch(/^slate /);
  });

  it('lets the later start win a double booking; the earlier resumes at its position', () => {
    const q = playout([
      slot('a', '10:00', 120, media('two-hours', 1200)),
      slot('b', '10:30', 30, SHOW),
    ]);
    expect(airs(q, '10:29:54')).toBe('programme two-hours@299');
    expect(airs(q, '10:30')).toBe('programme show@0+');
    expect(airs(q, '11:00')).toBe('programme two-hours@600+');
  });

  it('breaks a tie between equal starts by the greater id, whatever the order given', () => {
    const x = slot('x', '10:00', 30, media('x', 300));
    const y = slot('y', '10:00', 30, media('y', 300));
    expect(airs(playout([x, y]), '10:05')).toBe('programme y@50');
    expect(airs(playout([y, x]), '10:05')).toBe('programme y@50');
  });

  it('keeps a programme across midnight one item', () => {
    const q = playout([slot('late', '23:30', 60, media('late', 600))]);
    expect(airs(q, '00:00', 1)).toBe('programme late@300');
    const runs = runsBetween(q, seg('23:59'), seg('00:01', 1));
    expect(runs).toEqual([
      expect.objectContaining({
        kind: 'programme',
        offset: 290,
        starts: false,
        to: seg('00:01', 1),
      }),
    ]);
  });
});

describe('gaps', () => {
  it('plays each clip once from the hashed one, wrapping, then loops the slate to the gap end', () => {
    const p = playout(
      [
        slot('p', '09:45', 15, media('quarter', 150)),
        slot('a', '10:00', 15, null),
        slot('b', '10:15', 15, SHOW),
      ],
      CLIPS,
    );
    const gap = seg('10:00');
    const runs = runsBetween(p, gap, seg('10:15'));
    const r = rotationStart(gap, 3);
    const expected = [0, 1, 2].map((i) => CLIPS[(r + i) % 3]?.id);
    expect(runs.slice(0, 3).map((run) => run.media.id)).toEqual(expected);
    expect(runs.slice(0, 3).every((run) => run.kind === 'filler')).toBe(true);
    // 150 segments: the clips take 35, then 58 passes of the 2-segment slate, the last cut.
    const slates = runs.slice(3);
    expect(slates).toHaveLength(58);
    expect(slates.every((run) => run.kind === 'slate' && run.media.id === 'slate')).toBe(true);
    expect(runs.every((run) => run.starts && run.offset === 0)).toBe(true);
    expect(runs.at(-1)).toMatchObject({ to: seg('10:15'), from: seg('10:15') - 1 });
    expect(runs.reduce((sum, run) => sum + run.to - run.from, 0)).toBe(150);
  });

  it('loops the slate when the rotation is empty, each pass an item', () => {
    const p = playout([], []);
    const runs = runsBetween(p, seg('10:00') + 1, seg('10:00') + 6);
    expect(runs.map((run) => [run.kind, run.to - run.from, run.starts])).toEqual([
      ['slate', 1, false],
      ['slate', 2, true],
      ['slate', 2, true],
    ]);
    // The day's gap started at midnight, 6,001 segments earlier: passes start at even segments.
    expect(runs[0]?.offset).toBe(1);
  });

  it('restarts the fill at midnight UTC', () => {
    const p = playout([], CLIPS);
    const midnight = seg('00:00', 1);
    const run = itemAt(p, midnight);
    expect(run).toMatchObject({ kind: 'filler', offset: 0, starts: true });
    expect(run.media.id).toBe(CLIPS[rotationStart(midnight, 3)]?.id);
  });

  it("does not let a gap's end change its beginning", () => {
    const long = playout([slot('a', '10:00', 15, SHOW), slot('b', '12:00', 15, SHOW)], CLIPS);
    const short = playout([slot('a', '10:00', 15, SHOW), slot('b', '10:45', 15, SHOW)], CLIPS);
    expect(runsBetween(short, seg('10:15'), seg('10:45'))).toEqual(
      runsBetween(long, seg('10:15'), seg('10:45')),
    );
  });

  it('takes the fill version in force at the gap start', () => {
    const fills = [
      { from: 0, clips: [media('old', 10)], slate: SLATE },
      { from: at('10:20'), clips: [media('new', 10)], slate: SLATE },
    ];
    const p = playout([slot('a', '10:00', 15, SHOW), slot('b', '10:30', 15, SHOW)], [], 6, fills);
    expect(airs(p, '10:15:30')).toMatch(/^filler old@/); // the gap began at 10:15
    expect(airs(p, '10:25')).toMatch(/^slate /); // the one clip has played: the slate
    expect(airs(p, '10:45')).toMatch(/^filler new@0\+/);
    expect(airs(p, '00:00:30')).toMatch(/^filler old@/); // before the first version: the earliest
  });
});

describe('itemStartsInDay and itemStartsBetween', () => {
  const p = playout(
    [slot('a', '10:00', 60, SHOW), slot('b', '11:00', 30, SHOW), slot('c', '23:30', 60, LONG)],
    CLIPS,
  );
  const day = utcDay(DAY);

  it('counts the item starts that runsBetween reports', () => {
    const from = day * 14_400;
    const runs = runsBetween(p, from, from + 14_400);
    expect(itemStartsInDay(p, day)).toBe(runs.filter((run) => run.starts).length);
    expect(runs.filter((run) => run.starts && run.kind === 'programme')).toHaveLength(3);
  });

  it('adds up over any split of a range', () => {
    const from = seg('09:00');
    const to = seg('02:00', 1);
    const whole = itemStartsBetween(p, from, to);
    for (const split of [seg('10:00'), seg('10:30:06'), seg('00:00', 1), seg('23:59:54')]) {
      expect(itemStartsBetween(p, from, split) + itemStartsBetween(p, split, to)).toBe(whole);
    }
  });
});

describe('airedBetween', () => {
  it('lists what aired in instants, clipped, with the offset of a programme joined late', () => {
    const p = playout([slot('a', '10:00', 30, SHOW), slot('b', '10:30', 30, SHOW)], []);
    expect(airedBetween(p, at('10:20'), at('10:30:10'))).toEqual([
      {
        kind: 'programme',
        mediaId: 'show',
        slotId: 'a',
        start: at('10:20'),
        end: at('10:30'),
        offsetSec: 1200,
        starts: false,
      },
      {
        kind: 'programme',
        mediaId: 'show',
        slotId: 'b',
        start: at('10:30'),
        end: at('10:30:12'),
        offsetSec: 0,
        starts: true,
      },
    ]);
  });

  it('gives the same answer whatever the order of the slots', () => {
    const slots = [
      slot('a', '10:00', 60, SHOW),
      slot('b', '11:00', 60, LONG),
      slot('c', '09:00', 15, SHOW),
    ];
    const forwards = airedBetween(playout(slots, CLIPS), at('08:00'), at('13:00'));
    const backwards = airedBetween(playout([...slots].reverse(), CLIPS), at('08:00'), at('13:00'));
    expect(backwards).toEqual(forwards);
  });
});

describe('refusals', () => {
  it('refuses a segment length that does not divide 900 s', () => {
    expect(() => itemAt(playout([], [], 7), 0)).toThrow(RangeError);
    expect(() => itemAt(playout([], [], 0), 0)).toThrow(RangeError);
  });

  it('refuses a slot off the grid and a media without segments', () => {
    const off = playout([{ id: 'x', start: at('10:00') + 1000, durationSec: 900, media: SHOW }]);
    expect(() => itemAt(off, seg('10:00'))).toThrow(/not on the 6-second segment grid/);
    const empty = playout([slot('a', '10:00', 15, media('empty', 0))]);
    expect(() => itemAt(empty, seg('10:00'))).toThrow(/at least one whole segment/);
  });

  it('refuses a playout without fill', () => {
    expect(() => itemAt({ segmentSec: 6, slots: [], fills: [] }, 0)).toThrow(/fill version/);
  });
});

describe('breaks and spots (issue 40)', () => {
  const SPOT_A = media('spot-a', 5); // 30 s
  const SPOT_B = media('spot-b', 3); // 15 s, padded to 18
  // A 30-minute show in a 60-minute slot, pausing after 10 minutes for 2 minutes.
  const paused = slot('a', '10:00', 60, SHOW, { pauses: [{ atSegment: 100, segments: 20 }] });

  it('pauses a programme at its break point, airs the spots there, then the fill, and resumes', () => {
    const p = {
      ...playout([paused], CLIPS),
      spots: [spot('p1', '10:10:00', SPOT_A), spot('p2', '10:10:30', SPOT_B)],
    };
    expect(airs(p, '10:09:54')).toBe('programme show@99');
    expect(airs(p, '10:10:00')).toBe('spot spot-a@0+');
    expect(airs(p, '10:10:24')).toBe('spot spot-a@4');
    expect(airs(p, '10:10:30')).toBe('spot spot-b@0+');
    expect(itemAt(p, seg('10:10:30')).spotId).toBe('p2');
    // The break's rest (72 s) is fill: the rotation from where the fill starts.
    const fill = CLIPS[rotationStart(seg('10:10:48'), CLIPS.length)];
    expect(airs(p, '10:10:48')).toBe(`filler ${fill?.id}@0+`);
    // The programme resumes where it stopped: a new item, at its 101st segment.
    expect(airs(p, '10:12:00')).toBe('programme show@100+');
    expect(airs(p, '10:31:54')).toBe('programme show@299');
    expect(airs(p, '10:32:00')).not.toMatch(/^programme/);
  });

  it('plays spots in the break after a programme back to back, with no hole or overlap', () => {
    const p = {
      ...playout([slot('a', '10:00', 60, SHOW)], CLIPS),
      spots: [spot('p1', '10:30:00', SPOT_A), spot('p2', '10:30:30', SPOT_A)],
    };
    const aired = airedBetween(p, at('10:29:54'), at('10:31:06'));
    expect(aired.map((item) => [item.kind, item.spotId ?? item.slotId ?? '', item.start])).toEqual([
      ['programme', 'a', at('10:29:54')],
      ['spot', 'p1', at('10:30:00')],
      ['spot', 'p2', at('10:30:30')],
      ['filler', '', at('10:31:00')],
    ]);
    expect(itemStartsBetween(p, seg('10:30'), seg('10:31:06'))).toBe(3);
  });

  it('does not air a spot whose start a programme covers, and cuts one a programme runs into', () => {
    const p = {
      ...playout([slot('a', '10:00', 60, SHOW), slot('b', '11:00', 30, SHOW)], CLIPS),
      spots: [spot('early', '10:29:54', SPOT_A), spot('late', '10:59:48', SPOT_A)],
    };
    expect(airs(p, '10:30:00')).not.toMatch(/^spot/);
    expect(airs(p, '10:59:48')).toBe('spot spot-a@0+');
    expect(airs(p, '10:59:54')).toBe('spot spot-a@1');
    expect(airs(p, '11:00')).toBe('programme show@0+');
  });

  it('ignores a pause at or after the end of the media, and refuses one out of order', () => {
    const past = slot('a', '10:00', 60, SHOW, { pauses: [{ atSegment: 300, segments: 20 }] });
    expect(airs(playout([past]), '10:29:54')).toBe('programme show@299');
    const backwards = slot('a', '10:00', 60, SHOW, {
      pauses: [
        { atSegment: 100, segments: 5 },
        { atSegment: 50, segments: 5 },
      ],
    });
    expect(() => itemAt(playout([backwards]), seg('10:00'))).toThrow(/in order/);
  });
});

describe('pauses on air, as the placement lays out breaks', () => {
  it('moves a break point back to a segment boundary and cuts the pause to the slot’s spare time', () => {
    // A 25-minute media in a 30-minute slot, points at 10:03.5 and 20:00: 2 min each.
    expect(pausesOnAir(1800, 250, [603.5, 1200], 6)).toEqual([
      { atSegment: 100, segments: 20 },
      { atSegment: 200, segments: 20 },
    ]);
    // A 28-minute media: 120 s spare, all taken by the first point.
    expect(pausesOnAir(1800, 280, [603.5, 1200], 6)).toEqual([{ atSegment: 100, segments: 20 }]);
    // No spare time, no pause; no break points, no pause.
    expect(pausesOnAir(1500, 250, [600], 6)).toEqual([]);
    expect(pausesOnAir(1800, 250, [], 6)).toEqual([]);
  });
});
