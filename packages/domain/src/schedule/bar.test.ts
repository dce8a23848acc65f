import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Bar, barEnd, barsOverlap, collides, findOverlaps } from './bar.js';
import { at, bar, copyBars, spans } from './test-bars.js';

const ids = (pairs: [Bar, Bar][]) => pairs.map(([a, b]) => `${a.id}/${b.id}`);

describe('barsOverlap', () => {
  it('counts shared time as overlap and touching ends as adjacency', () => {
    expect(barsOverlap(bar('a', '10:00', 60), bar('b', '10:45', 30))).toBe(true);
    expect(barsOverlap(bar('a', '10:00', 60), bar('b', '11:00', 30))).toBe(false);
    expect(barsOverlap(bar('b', '11:00', 30), bar('a', '10:00', 60))).toBe(false);
    expect(barsOverlap(bar('a', '10:00', 60), bar('b', '10:15', 15))).toBe(true);
  });

  it('computes the end from the duration in seconds', () => {
    expect(barEnd(bar('a', '10:00', 90))).toBe(at('11:30'));
  });
});

describe('findOverlaps', () => {
  it('finds nothing on a schedule of back-to-back bars', () => {
    const bars = [bar('a', '10:00', 30), bar('b', '10:30', 30), bar('c', '11:00', 15)];
    expect(findOverlaps(bars)).toEqual([]);
  });

  it('returns each overlapping pair once, earlier bar first, whatever the input order', () => {
    const bars = [
      bar('late', '12:00', 30),
      bar('long', '10:00', 120),
      bar('inside', '10:30', 15),
      bar('after', '11:45', 30),
      bar('alone', '14:00', 30),
    ];
    expect(ids(findOverlaps(bars))).toEqual(['long/inside', 'long/after', 'after/late']);
  });

  it('reports bars with the same start', () => {
    expect(ids(findOverlaps([bar('b', '10:00', 30), bar('a', '10:00', 60)]))).toEqual(['b/a']);
  });

  it('does not change its input', () => {
    const bars = [bar('b', '11:00', 30), bar('a', '10:00', 90)];
    const before = copyBars(bars);
    findOverlaps(bars);
    expect(bars).toEqual(before);
  });

  it('agrees with comparing every pair', () => {
    const arbitraryBar = fc.record({
      start: fc.integer({ min: 0, max: 40 }),
      quarters: fc.integer({ min: 1, max: 8 }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryBar, { maxLength: 30 }), (raw) => {
        const bars = raw.map((b, i) => ({
          id: `b${i}`,
          start: b.start * 900_000,
          durationSec: b.quarters * 900,
        }));
        const expected = new Set<string>();
        for (const [i, a] of bars.entries()) {
          for (const b of bars.slice(i + 1)) {
            if (barsOverlap(a, b)) expected.add([a.id, b.id].sort().join('/'));
          }
        }
        const found = findOverlaps(bars).map(([a, b]) => [a.id, b.id].sort().join('/'));
        expect(found.length).toBe(expected.size);
        expect(new Set(found)).toEqual(expected);
      }),
    );
  });
});

describe('collides', () => {
  const schedule = [bar('a', '10:00', 60), bar('b', '11:00', 60), bar('c', '12:30', 30)];

  it('names the earliest bar in the way', () => {
    expect(collides(bar('x', '10:45', 60), schedule)?.id).toBe('a');
    expect(collides(bar('x', '11:30', 90), schedule)?.id).toBe('b');
  });

  it('lets a bar fit exactly into a gap', () => {
    expect(collides(bar('x', '12:00', 30), schedule)).toBeUndefined();
  });

  it('ignores the old position of the same bar', () => {
    expect(collides(bar('b', '11:15', 60), schedule)).toBeUndefined();
    expect(spans(schedule)).toEqual(['a 10:00–11:00', 'b 11:00–12:00', 'c 12:30–13:00']);
  });
});
