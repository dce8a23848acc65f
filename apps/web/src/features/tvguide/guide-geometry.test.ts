import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  axisWidth,
  blockOf,
  columnIndex,
  columnMarks,
  type GuideAxis,
  type Interval,
  indexRow,
  instantAt,
  scrollToReveal,
  visibleRows,
  visibleSlice,
  visibleTimes,
  xOf,
} from './guide-geometry';

const Q = 900_000;
const HOUR = 4 * Q;
const FROM = Date.parse('2026-03-10T04:00:00Z');
const day: GuideAxis = { from: FROM, to: FROM + 24 * HOUR, columnWidth: 60 };

describe('the time axis', () => {
  it('is 60 px per 15-minute column: a 24-hour day is 96 columns, 5,760 px', () => {
    expect(axisWidth(day)).toBe(5760);
  });

  it('is 92 or 100 columns wide on the 23- and 25-hour days', () => {
    expect(axisWidth({ ...day, to: FROM + 23 * HOUR })).toBe(92 * 60);
    expect(axisWidth({ ...day, to: FROM + 25 * HOUR })).toBe(100 * 60);
  });

  it('places instants by their distance from the start and clamps those outside', () => {
    expect(xOf(day, FROM)).toBe(0);
    expect(xOf(day, FROM + Q)).toBe(60);
    expect(xOf(day, FROM + 7 * 60_000)).toBe(28);
    expect(xOf(day, FROM - HOUR)).toBe(0);
    expect(xOf(day, day.to + HOUR)).toBe(5760);
  });

  it('reads an x back as the instant there', () => {
    expect(instantAt(day, 0)).toBe(FROM);
    expect(instantAt(day, 90)).toBe(FROM + Q * 1.5);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 }), (minutes) => {
        const instant = FROM + minutes * 60_000;
        expect(instantAt(day, xOf(day, instant))).toBeCloseTo(instant, -1);
      }),
    );
  });

  it('clips a block at the window edges and says which edge it cut', () => {
    expect(blockOf(day, FROM + HOUR, FROM + 2 * HOUR)).toEqual({
      left: 240,
      width: 240,
      clippedStart: false,
      clippedEnd: false,
    });
    expect(blockOf(day, FROM - HOUR, FROM + HOUR)).toEqual({
      left: 0,
      width: 240,
      clippedStart: true,
      clippedEnd: false,
    });
    expect(blockOf(day, day.to - Q, day.to + HOUR)).toEqual({
      left: 5700,
      width: 60,
      clippedStart: false,
      clippedEnd: true,
    });
    expect(blockOf(day, FROM - 2 * HOUR, FROM - HOUR).width).toBe(0);
  });

  it('lists the 15-minute marks of a stretch, and all 96 of the day by default', () => {
    expect(columnMarks(day)).toHaveLength(96);
    expect(columnMarks({ ...day, to: FROM + 25 * HOUR })).toHaveLength(100);
    expect(columnMarks(day, FROM + HOUR + 1, FROM + 2 * HOUR)).toEqual([
      { index: 4, instant: FROM + HOUR, x: 240 },
      { index: 5, instant: FROM + HOUR + Q, x: 300 },
      { index: 6, instant: FROM + HOUR + 2 * Q, x: 360 },
      { index: 7, instant: FROM + HOUR + 3 * Q, x: 420 },
    ]);
    expect(columnMarks(day, day.to, day.to + HOUR)).toEqual([]);
  });

  it('gives the column an instant falls in, clamped to the window', () => {
    expect(columnIndex(day, FROM)).toBe(0);
    expect(columnIndex(day, FROM + Q - 1)).toBe(0);
    expect(columnIndex(day, FROM + Q)).toBe(1);
    expect(columnIndex(day, FROM - HOUR)).toBe(0);
    expect(columnIndex(day, day.to)).toBe(95);
  });
});

describe('the rows in view', () => {
  it('covers the viewport and the overscan, never past either end', () => {
    expect(visibleRows(0, 640, 64, 200, 4)).toEqual({ first: 0, last: 14 });
    expect(visibleRows(64 * 100 + 10, 640, 64, 200, 4)).toEqual({ first: 96, last: 115 });
    expect(visibleRows(64 * 195, 640, 64, 200, 4)).toEqual({ first: 191, last: 200 });
    expect(visibleRows(0, 640, 64, 3, 4)).toEqual({ first: 0, last: 3 });
    expect(visibleRows(0, 640, 64, 0, 4)).toEqual({ first: 0, last: 0 });
  });

  it('always includes every row at least partly in view, and stays bounded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 1200 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 6 }),
        (scrollTop, height, count, overscan) => {
          const rowHeight = 64;
          const { first, last } = visibleRows(scrollTop, height, rowHeight, count, overscan);
          expect(first).toBeGreaterThanOrEqual(0);
          expect(last).toBeLessThanOrEqual(count);
          expect(last - first).toBeLessThanOrEqual(
            Math.ceil(height / rowHeight) + 1 + 2 * overscan,
          );
          for (let row = 0; row < count; row++) {
            const top = row * rowHeight;
            const inView = top < scrollTop + height && top + rowHeight > scrollTop;
            if (inView) {
              expect(row).toBeGreaterThanOrEqual(first);
              expect(row).toBeLessThan(last);
            }
          }
        },
      ),
    );
  });
});

describe('the stretch of time in view', () => {
  it('widens the viewport by the overscan and rounds out to whole steps', () => {
    // 1,200 px from x = 2,400 show hours 10 to 15; 300 px (1 h 15 min) of overscan either
    // side make 8:45 to 16:15, rounded out to whole hours.
    expect(visibleTimes(day, 2400, 1200, 300, HOUR)).toEqual({
      from: FROM + 8 * HOUR,
      to: FROM + 17 * HOUR,
    });
  });

  it('stays inside the window', () => {
    expect(visibleTimes(day, 0, 1200, 300, HOUR)).toEqual({ from: FROM, to: FROM + 7 * HOUR });
    expect(visibleTimes(day, 5760 - 1200, 1200, 300, HOUR)).toEqual({
      from: FROM + 17 * HOUR,
      to: day.to,
    });
  });

  it('gives the same range for small scrolls inside a step', () => {
    const a = visibleTimes(day, 2410, 1200, 300, HOUR);
    const b = visibleTimes(day, 2450, 1200, 300, HOUR);
    expect(a).toEqual(b);
  });

  it('always covers what is on screen', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5760 }),
        fc.integer({ min: 0, max: 2000 }),
        (scrollLeft, width) => {
          const range = visibleTimes(day, scrollLeft, width, 200, HOUR);
          expect(range.from).toBeLessThanOrEqual(Math.min(instantAt(day, scrollLeft), day.to));
          expect(range.to).toBeGreaterThanOrEqual(
            Math.min(instantAt(day, scrollLeft + width), day.to),
          );
          expect(range.from).toBeGreaterThanOrEqual(day.from);
          expect(range.to).toBeLessThanOrEqual(day.to);
        },
      ),
    );
  });
});

describe('the programmes of a row in view', () => {
  const row: Interval[] = [
    { start: FROM - HOUR, end: FROM + Q }, // began the day before
    { start: FROM + Q, end: FROM + HOUR },
    { start: FROM + HOUR, end: FROM + 2 * HOUR },
    { start: FROM + 3 * HOUR, end: FROM + 4 * HOUR }, // after a gap
  ];
  const index = indexRow(row);

  it('keeps those that end after the start and begin before the end', () => {
    expect(visibleSlice(row, index, FROM, FROM + HOUR)).toEqual([row[0], row[1]]);
    expect(visibleSlice(row, index, FROM + HOUR, FROM + 3 * HOUR)).toEqual([row[2]]);
    expect(visibleSlice(row, index, FROM + 2 * HOUR, FROM + 3 * HOUR)).toEqual([]);
    expect(visibleSlice(row, index, FROM - 2 * HOUR, FROM + 10 * HOUR)).toEqual(row);
    expect(visibleSlice(row, index, FROM + Q - 1, FROM + Q + 1)).toEqual([row[0], row[1]]);
  });

  it('gives nothing for an empty range or an empty row', () => {
    expect(visibleSlice(row, index, FROM + HOUR, FROM + HOUR)).toEqual([]);
    expect(visibleSlice([], indexRow([]), FROM, FROM + HOUR)).toEqual([]);
  });

  it('keeps a long programme that overlaps later, shorter ones', () => {
    const overlapping: Interval[] = [
      { start: 0, end: 100 },
      { start: 10, end: 20 },
      { start: 30, end: 40 },
    ];
    expect(visibleSlice(overlapping, indexRow(overlapping), 50, 60)).toEqual([overlapping[0]]);
    expect(visibleSlice(overlapping, indexRow(overlapping), 15, 35)).toEqual(overlapping);
  });

  const sortedRow = fc
    .array(
      fc.record({
        start: fc.integer({ min: 0, max: 1000 }),
        length: fc.integer({ min: 1, max: 200 }),
      }),
      { maxLength: 60 },
    )
    .map((items) =>
      items
        .map(({ start, length }) => ({ start, end: start + length }))
        .sort((a, b) => a.start - b.start),
    );

  it('equals a brute-force filter, overlaps and all', () => {
    fc.assert(
      fc.property(
        sortedRow,
        fc.integer({ min: -100, max: 1300 }),
        fc.integer({ min: 1, max: 600 }),
        (items, from, length) => {
          const to = from + length;
          const expected = items.filter((item) => item.end > from && item.start < to);
          expect(visibleSlice(items, indexRow(items), from, to)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('equals a brute-force filter on back-to-back schedules', () => {
    const backToBack = fc
      .array(fc.integer({ min: 1, max: 4 }), { maxLength: 120 })
      .map((quarters) => {
        let cursor = 0;
        return quarters.map((count) => {
          const item = { start: cursor, end: cursor + count * 15 };
          cursor = item.end;
          return item;
        });
      });
    fc.assert(
      fc.property(
        backToBack,
        fc.integer({ min: -30, max: 8000 }),
        fc.integer({ min: 1, max: 600 }),
        (items, from, length) => {
          const to = from + length;
          const expected = items.filter((item) => item.end > from && item.start < to);
          expect(visibleSlice(items, indexRow(items), from, to)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('revealing the focused programme', () => {
  const layout = { rowHeight: 64, headerHeight: 40, labelWidth: 200 };
  const viewport = { scrollTop: 640, scrollLeft: 1000, width: 1200, height: 680 };

  it('leaves the scroll alone when the block is already in the free space', () => {
    expect(scrollToReveal(viewport, layout, { row: 12, left: 1100, width: 200 })).toEqual({
      scrollTop: 640,
      scrollLeft: 1000,
    });
  });

  it('scrolls up to a row above, and down until a row below clears the bottom edge', () => {
    expect(scrollToReveal(viewport, layout, { row: 5, left: 1100, width: 200 }).scrollTop).toBe(
      320,
    );
    // Row 20 spans 1,280–1,344; 640 px of free height under the header.
    expect(scrollToReveal(viewport, layout, { row: 20, left: 1100, width: 200 }).scrollTop).toBe(
      704,
    );
  });

  it('scrolls sideways to a block left of the view or past its right edge, not under the channel column', () => {
    expect(scrollToReveal(viewport, layout, { row: 12, left: 400, width: 240 }).scrollLeft).toBe(
      400,
    );
    // 1,000 px of free width: a block ending at 2,400 needs a scroll of 1,400.
    expect(scrollToReveal(viewport, layout, { row: 12, left: 2160, width: 240 }).scrollLeft).toBe(
      1400,
    );
  });

  it('brings a block wider than the free space in by its start', () => {
    expect(scrollToReveal(viewport, layout, { row: 12, left: 1500, width: 3000 }).scrollLeft).toBe(
      1500,
    );
  });

  it('never scrolls before the start', () => {
    expect(scrollToReveal(viewport, layout, { row: 0, left: 0, width: 60 })).toEqual({
      scrollTop: 0,
      scrollLeft: 0,
    });
  });
});
