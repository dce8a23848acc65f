import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startOrder } from './order.js';

interface Span {
  start: number;
  end: number;
  id: string;
}

function order(spans: Span[]): number[] {
  return Array.from(
    startOrder(
      Float64Array.from(spans, (span) => span.start),
      Float64Array.from(spans, (span) => span.end),
      spans.map((span) => span.id),
    ),
  );
}

/** The order by definition: start, then end, then id. */
function expected(spans: Span[]): number[] {
  return spans
    .map((_, index) => index)
    .sort((a, b) => {
      const x = spans[a] as Span;
      const y = spans[b] as Span;
      return x.start - y.start || x.end - y.end || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
    });
}

const span = (start: number, end: number, id: string): Span => ({ start, end, id });

describe('startOrder', () => {
  it('recognises bars already in order, and in reverse order', () => {
    const spans = [span(0, 5, 'a'), span(5, 9, 'b'), span(9, 12, 'c')];
    expect(order(spans)).toEqual([0, 1, 2]);
    expect(order([...spans].reverse())).toEqual([2, 1, 0]);
  });

  it('breaks equal starts by end, then by id', () => {
    const spans = [span(5, 9, 'z'), span(0, 9, 'b'), span(0, 4, 'c'), span(0, 9, 'a')];
    expect(order(spans)).toEqual([2, 3, 1, 0]);
  });

  it('sorts instants too far apart for the packed keys', () => {
    const spans = [
      span(8e15, 8e15 + 1, 'a'),
      span(-8e15, 1, 'b'),
      span(0, 1, 'c'),
      span(5, 6, 'd'),
    ];
    expect(order(spans)).toEqual([1, 2, 3, 0]);
  });

  it('sorts fractional instants', () => {
    const spans = [span(1.5, 2, 'a'), span(0.5, 2, 'b'), span(1, 2, 'c')];
    expect(order(spans)).toEqual([1, 2, 0]);
  });

  it('agrees with the definition on any input', () => {
    const arbitrarySpans = fc.array(
      fc
        .record({
          start: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer()),
          length: fc.integer({ min: 1, max: 5 }),
          id: fc.constantFrom('a', 'b', 'c', 'd'),
        })
        .map(({ start, length, id }) => span(start, start + length, id)),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(arbitrarySpans, (spans) => {
        // Compared as spans: two identical spans may come in either order.
        const orderOf = order(spans).map((index) => spans[index]);
        expect(orderOf).toEqual(expected(spans).map((index) => spans[index]));
      }),
    );
  });
});
