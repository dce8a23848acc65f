import { describe, expect, it } from 'vitest';
import type { Bar } from './bar.js';
import { type ChangeResult, moveBar, resizeBar } from './change.js';
import { at, bar, copyBars, spans } from './test-bars.js';

/** The changed bars as "id HH:MM–HH:MM", or the refusal. */
function outcome(result: ChangeResult) {
  return result.ok ? spans(result.changed) : result;
}

const refused = (reason: 'overlap' | 'locked', blocking: string) => ({
  ok: false,
  reason,
  blocking,
});

describe('moveBar', () => {
  describe('snapping', () => {
    it('snaps the new start to the nearest quarter hour', () => {
      const bars = [bar('a', '10:00', 30)];
      expect(outcome(moveBar(bars, 'a', at('10:53'), 'push'))).toEqual(['a 11:00–11:30']);
      expect(outcome(moveBar(bars, 'a', at('10:37') + 29_999, 'push'))).toEqual(['a 10:30–11:00']);
    });

    it('changes nothing when the snapped start is where the bar already is', () => {
      const bars = [bar('a', '10:00', 30, { locked: true }), bar('b', '10:30', 30)];
      expect(moveBar(bars, 'a', at('10:07'), 'push')).toEqual({ ok: true, changed: [] });
    });

    it('keeps the duration of the bar it moves', () => {
      const bars = [bar('a', '10:00', 45)];
      const result = moveBar(bars, 'a', at('13:15'), 'no-overlap');
      expect(result.ok && result.changed[0]?.durationSec).toBe(2700);
    });
  });

  describe('push', () => {
    it('moves into free time without touching anything else', () => {
      const bars = [bar('a', '10:00', 30), bar('b', '12:00', 30)];
      expect(outcome(moveBar(bars, 'a', at('11:00'), 'push'))).toEqual(['a 11:00–11:30']);
    });

    it('lets a bar end exactly where the next one starts', () => {
      const bars = [bar('a', '10:00', 30), bar('b', '11:00', 30)];
      expect(outcome(moveBar(bars, 'a', at('10:30'), 'push'))).toEqual(['a 10:30–11:00']);
    });

    it('pushes later bars right, cascading through back-to-back bars', () => {
      const bars = [
        bar('a', '10:00', 30),
        bar('b', '10:30', 30),
        bar('c', '11:00', 60),
        bar('d', '12:00', 15),
      ];
      expect(outcome(moveBar(bars, 'a', at('10:15'), 'push'))).toEqual([
        'a 10:15–10:45',
        'b 10:45–11:15',
        'c 11:15–12:15',
        'd 12:15–12:30',
      ]);
    });

    it('pushes only as far as needed: a gap absorbs the push and the cascade stops there', () => {
      const bars = [
        bar('a', '10:00', 30),
        bar('b', '10:30', 30),
        // 15 minutes free
        bar('c', '11:15', 30),
        // 30 minutes free
        bar('d', '12:15', 30),
        bar('e', '12:45', 30),
      ];
      expect(outcome(moveBar(bars, 'a', at('10:45'), 'push'))).toEqual([
        'a 10:45–11:15',
        'b 11:15–11:45',
        'c 11:45–12:15',
      ]);
    });

    it('pushes earlier bars left when a bar moves left', () => {
      const bars = [
        bar('a', '09:00', 30),
        bar('b', '10:00', 30),
        bar('c', '10:30', 30),
        bar('d', '11:00', 30),
      ];
      expect(outcome(moveBar(bars, 'd', at('10:15'), 'push'))).toEqual([
        'a 08:45–09:15',
        'b 09:15–09:45',
        'c 09:45–10:15',
        'd 10:15–10:45',
      ]);
    });

    it('keeps the order: a bar dragged past its neighbour pushes it ahead', () => {
      const bars = [bar('a', '10:00', 60), bar('b', '11:00', 60), bar('c', '14:00', 30)];
      expect(outcome(moveBar(bars, 'a', at('11:30'), 'push'))).toEqual([
        'a 11:30–12:30',
        'b 12:30–13:30',
      ]);
    });

    it('accepts bars in any order and does not change them', () => {
      const bars = [bar('c', '11:00', 30), bar('a', '10:00', 30), bar('b', '10:30', 30)];
      const before = copyBars(bars);
      expect(outcome(moveBar(bars, 'a', at('10:30'), 'push'))).toEqual([
        'a 10:30–11:00',
        'b 11:00–11:30',
        'c 11:30–12:00',
      ]);
      expect(bars).toEqual(before);
    });

    it('keeps the other fields of the bars it returns', () => {
      type Timeslot = Bar & { show: string };
      const bars: Timeslot[] = [
        { ...bar('a', '10:00', 30), show: 'news' },
        { ...bar('b', '10:30', 30), show: 'weather' },
      ];
      const result = moveBar(bars, 'a', at('10:15'), 'push');
      expect(result.ok && result.changed.map((slot) => slot.show)).toEqual(['news', 'weather']);
    });
  });

  describe('locked bars', () => {
    it('refuses to move a locked bar', () => {
      const bars = [bar('a', '10:00', 30, { locked: true })];
      expect(moveBar(bars, 'a', at('11:00'), 'push')).toEqual(refused('locked', 'a'));
      expect(moveBar(bars, 'a', at('11:00'), 'no-overlap')).toEqual(refused('locked', 'a'));
    });

    it('refuses a push that reaches a locked bar in the middle of a cascade', () => {
      const bars = [
        bar('a', '10:00', 30),
        bar('b', '10:30', 30),
        bar('news', '11:00', 30, { locked: true }),
        bar('d', '11:30', 30, { locked: true }),
      ];
      const before = copyBars(bars);
      expect(moveBar(bars, 'a', at('10:15'), 'push')).toEqual(refused('locked', 'news'));
      expect(bars).toEqual(before);
    });

    it('allows a push that a gap absorbs before the locked bar', () => {
      const bars = [
        bar('a', '10:00', 30),
        bar('b', '10:30', 15),
        bar('news', '11:00', 30, { locked: true }),
      ];
      expect(outcome(moveBar(bars, 'a', at('10:15'), 'push'))).toEqual([
        'a 10:15–10:45',
        'b 10:45–11:00',
      ]);
    });

    it('refuses a push to the left into a locked bar', () => {
      const bars = [bar('news', '09:30', 30, { locked: true }), bar('b', '10:00', 30)];
      expect(moveBar(bars, 'b', at('09:45'), 'push')).toEqual(refused('locked', 'news'));
    });
  });

  describe('bundles', () => {
    const bundled = () => [
      bar('a', '10:00', 30, { bundle: 'x' }),
      bar('b', '10:30', 30),
      bar('c', '12:00', 30, { bundle: 'x' }),
      bar('d', '12:30', 30),
      bar('e', '14:00', 30),
    ];

    it('moves the whole bundle by the same delta', () => {
      const bars = [bar('a', '10:00', 30, { bundle: 'x' }), bar('c', '12:00', 30, { bundle: 'x' })];
      expect(outcome(moveBar(bars, 'c', at('13:00'), 'push'))).toEqual([
        'a 11:00–11:30',
        'c 13:00–13:30',
      ]);
    });

    it('pushes the neighbours of every member of the bundle', () => {
      expect(outcome(moveBar(bundled(), 'a', at('10:30'), 'push'))).toEqual([
        'a 10:30–11:00',
        'b 11:00–11:30',
        'c 12:30–13:00',
        'd 13:00–13:30',
      ]);
    });

    it('pushes a bar squeezed between two members without pushing it into the later one', () => {
      const bars = [
        bar('a', '10:00', 30, { bundle: 'x' }),
        bar('b', '10:30', 60),
        bar('c', '11:30', 30, { bundle: 'x' }),
      ];
      expect(outcome(moveBar(bars, 'c', at('12:30'), 'push'))).toEqual([
        'a 11:00–11:30',
        'b 11:30–12:30',
        'c 12:30–13:00',
      ]);
    });

    it('moves the bundle of a bar that is pushed, and that bundle pushes in turn', () => {
      const bars = [
        bar('a', '10:00', 30),
        bar('b', '10:30', 30, { bundle: 'y' }),
        bar('c', '12:00', 30),
        bar('d', '13:00', 30, { bundle: 'y' }),
        bar('e', '13:30', 30),
      ];
      expect(outcome(moveBar(bars, 'a', at('10:30'), 'push'))).toEqual([
        'a 10:30–11:00',
        'b 11:00–11:30',
        'd 13:30–14:00',
        'e 14:00–14:30',
      ]);
    });

    it('moves an earlier member of a pushed bundle too, and what is behind it', () => {
      const bars = [
        bar('p', '08:00', 30, { bundle: 'y' }),
        bar('q', '08:30', 30),
        bar('a', '10:00', 30),
        bar('b', '10:30', 30, { bundle: 'y' }),
      ];
      expect(outcome(moveBar(bars, 'a', at('10:15'), 'push'))).toEqual([
        'p 08:15–08:45',
        'q 08:45–09:15',
        'a 10:15–10:45',
        'b 10:45–11:15',
      ]);
    });

    it('refuses when a member of the bundle is locked, naming it', () => {
      const bars = [
        bar('a', '10:00', 30, { bundle: 'x' }),
        bar('c', '12:00', 30, { bundle: 'x', locked: true }),
      ];
      expect(moveBar(bars, 'a', at('11:00'), 'push')).toEqual(refused('locked', 'c'));
    });

    it('refuses when a member of the bundle would push a locked bar', () => {
      const next = bundled().map((b) => (b.id === 'd' ? { ...b, locked: true } : b));
      expect(moveBar(next, 'a', at('10:15'), 'push')).toEqual(refused('locked', 'd'));
    });

    it('refuses in no-overlap mode when any member would overlap', () => {
      expect(moveBar(bundled(), 'a', at('10:15'), 'no-overlap')).toEqual(refused('overlap', 'b'));
      const roomy = bundled().filter((b) => b.id !== 'b');
      expect(moveBar(roomy, 'a', at('10:15'), 'no-overlap')).toEqual(refused('overlap', 'd'));
      expect(outcome(moveBar(roomy, 'a', at('09:30'), 'no-overlap'))).toEqual([
        'a 09:30–10:00',
        'c 11:30–12:00',
      ]);
    });
  });

  describe('no-overlap', () => {
    const bars = [bar('a', '10:00', 30), bar('b', '11:00', 30), bar('c', '12:00', 30)];

    it('accepts a move that fits, even back to back', () => {
      expect(outcome(moveBar(bars, 'a', at('10:30'), 'no-overlap'))).toEqual(['a 10:30–11:00']);
      expect(outcome(moveBar(bars, 'a', at('11:30'), 'no-overlap'))).toEqual(['a 11:30–12:00']);
    });

    it('refuses a move that ends in overlap and names the bar in the way', () => {
      expect(moveBar(bars, 'a', at('10:45'), 'no-overlap')).toEqual(refused('overlap', 'b'));
      expect(moveBar(bars, 'c', at('10:00'), 'no-overlap')).toEqual(refused('overlap', 'a'));
    });

    it('names the earliest bar in the way when there are several', () => {
      const long = [...bars, bar('x', '14:00', 180)];
      expect(moveBar(long, 'x', at('10:15'), 'no-overlap')).toEqual(refused('overlap', 'a'));
    });
  });

  describe('bad input', () => {
    it('says which id is missing', () => {
      expect(() => moveBar([bar('a', '10:00', 30)], 'z', at('11:00'), 'push')).toThrow(
        'There is no bar with the id "z" on the channel.',
      );
    });

    it('refuses two bars with one id', () => {
      const bars = [bar('a', '10:00', 30), bar('a', '11:00', 30)];
      expect(() => moveBar(bars, 'a', at('12:00'), 'push')).toThrow(
        'Two bars on the channel have the id "a".',
      );
    });

    it('refuses an instant that is not a number', () => {
      expect(() => moveBar([bar('a', '10:00', 30)], 'a', Number.NaN, 'push')).toThrow(RangeError);
    });
  });
});

describe('resizeBar', () => {
  describe('end edge', () => {
    it('lengthens the bar and pushes later bars right', () => {
      const bars = [
        bar('a', '10:00', 30),
        bar('b', '10:30', 30),
        bar('c', '11:15', 30),
        bar('d', '12:30', 30),
      ];
      expect(outcome(resizeBar(bars, 'a', 'end', at('11:00'), 'push'))).toEqual([
        'a 10:00–11:00',
        'b 11:00–11:30',
        'c 11:30–12:00',
      ]);
    });

    it('shortens the bar without moving anything', () => {
      const bars = [bar('a', '10:00', 60), bar('b', '11:00', 30)];
      expect(outcome(resizeBar(bars, 'a', 'end', at('10:20'), 'push'))).toEqual(['a 10:00–10:15']);
    });

    it('never makes the bar shorter than 15 minutes', () => {
      const bars = [bar('a', '10:00', 60)];
      expect(outcome(resizeBar(bars, 'a', 'end', at('09:00'), 'push'))).toEqual(['a 10:00–10:15']);
      const result = resizeBar(bars, 'a', 'end', at('10:05'), 'no-overlap');
      expect(result.ok && result.changed[0]?.durationSec).toBe(900);
    });

    it('resizes only that bar of a bundle', () => {
      const bars = [bar('a', '10:00', 30, { bundle: 'x' }), bar('c', '12:00', 30, { bundle: 'x' })];
      expect(outcome(resizeBar(bars, 'a', 'end', at('11:00'), 'push'))).toEqual(['a 10:00–11:00']);
    });

    it('pushes a bundle mate that is in the way, keeping the resized bar where it is', () => {
      // A show and its bumper: lengthening the show pushes the bumper and what follows it.
      const bars = [
        bar('show', '10:00', 30, { bundle: 'x' }),
        bar('bumper', '10:30', 15, { bundle: 'x' }),
        bar('next', '10:45', 30),
      ];
      expect(outcome(resizeBar(bars, 'show', 'end', at('11:00'), 'push'))).toEqual([
        'show 10:00–11:00',
        'bumper 11:00–11:15',
        'next 11:15–11:45',
      ]);
    });

    it('moves the bundle of a pushed bar, and refuses when that comes back at the resized bar', () => {
      const bars = [
        bar('a', '10:00', 30),
        bar('b', '10:30', 30, { bundle: 'y' }),
        bar('c', '12:00', 30, { bundle: 'y' }),
      ];
      expect(outcome(resizeBar(bars, 'a', 'end', at('10:45'), 'push'))).toEqual([
        'a 10:00–10:45',
        'b 10:45–11:15',
        'c 12:15–12:45',
      ]);
      // q (bundle y) sits before a: pushing b moves q, q pushes r, and r would push a.
      const tangled = [
        bar('q', '09:00', 30, { bundle: 'y' }),
        bar('r', '09:30', 30),
        bar('a', '10:00', 30),
        bar('b', '10:30', 30, { bundle: 'y' }),
      ];
      expect(resizeBar(tangled, 'a', 'end', at('10:45'), 'push')).toEqual(refused('overlap', 'r'));
    });

    it('refuses in no-overlap mode when the longer bar would overlap', () => {
      const bars = [bar('a', '10:00', 30), bar('b', '11:00', 30)];
      expect(resizeBar(bars, 'a', 'end', at('11:15'), 'no-overlap')).toEqual(
        refused('overlap', 'b'),
      );
      expect(outcome(resizeBar(bars, 'a', 'end', at('11:00'), 'no-overlap'))).toEqual([
        'a 10:00–11:00',
      ]);
    });
  });

  describe('start edge', () => {
    it('starts the bar earlier and pushes earlier bars left', () => {
      const bars = [
        bar('a', '08:30', 30),
        bar('b', '09:30', 30),
        bar('c', '10:00', 60),
        bar('d', '11:00', 30),
      ];
      // a keeps its place: the 30 minutes between a and b absorb the push.
      expect(outcome(resizeBar(bars, 'c', 'start', at('09:30'), 'push'))).toEqual([
        'b 09:00–09:30',
        'c 09:30–11:00',
      ]);
    });

    it('starts the bar later without moving anything, keeping 15 minutes', () => {
      const bars = [bar('a', '10:00', 60)];
      expect(outcome(resizeBar(bars, 'a', 'start', at('10:30'), 'push'))).toEqual([
        'a 10:30–11:00',
      ]);
      expect(outcome(resizeBar(bars, 'a', 'start', at('12:00'), 'push'))).toEqual([
        'a 10:45–11:00',
      ]);
    });

    it('refuses a push left into a locked bar, mid-cascade', () => {
      const bars = [
        bar('news', '09:00', 30, { locked: true }),
        bar('b', '09:30', 30),
        bar('c', '10:00', 60),
      ];
      expect(resizeBar(bars, 'c', 'start', at('09:45'), 'push')).toEqual(refused('locked', 'news'));
    });

    it('refuses in no-overlap mode', () => {
      const bars = [bar('a', '09:00', 30), bar('b', '10:00', 60)];
      expect(resizeBar(bars, 'b', 'start', at('09:15'), 'no-overlap')).toEqual(
        refused('overlap', 'a'),
      );
    });
  });

  it('refuses to resize a locked bar, but lets an unchanged one be', () => {
    const bars = [bar('a', '10:00', 30, { locked: true })];
    expect(resizeBar(bars, 'a', 'end', at('11:00'), 'push')).toEqual(refused('locked', 'a'));
    expect(resizeBar(bars, 'a', 'start', at('10:05'), 'push')).toEqual({ ok: true, changed: [] });
  });
});
