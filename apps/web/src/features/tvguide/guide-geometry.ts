import { QUARTER_HOUR_MS } from '@airgrid/domain';

// The guide grid's geometry: where an instant sits on the time axis, which rows and which stretch
// of time the scrolled viewport shows, and which of a row's programmes intersect that stretch.
// The grid virtualizes in both directions with these alone (see guide-grid.tsx for why it is
// hand-rolled): rows have one height and time has one scale, so each is a division.

/** The time axis: a window of instants drawn at a fixed width per 15-minute column. */
export interface GuideAxis {
  from: number;
  to: number;
  /** Pixels per 15-minute column. */
  columnWidth: number;
}

/** Width in pixels of the whole window. */
export function axisWidth(axis: GuideAxis): number {
  return ((axis.to - axis.from) / QUARTER_HOUR_MS) * axis.columnWidth;
}

/** The x (pixels from the axis start) of an instant; instants outside the window clamp to its edges. */
export function xOf(axis: GuideAxis, instant: number): number {
  const clamped = Math.min(Math.max(instant, axis.from), axis.to);
  return ((clamped - axis.from) / QUARTER_HOUR_MS) * axis.columnWidth;
}

/** The instant at x pixels from the axis start (the inverse of {@link xOf} inside the window). */
export function instantAt(axis: GuideAxis, x: number): number {
  return axis.from + (x / axis.columnWidth) * QUARTER_HOUR_MS;
}

/** A programme's block: clipped at the window's edges, and whether each edge was cut. */
export interface Block {
  left: number;
  width: number;
  clippedStart: boolean;
  clippedEnd: boolean;
}

/** Where a programme's block goes on the axis; zero width when it lies outside the window. */
export function blockOf(axis: GuideAxis, start: number, end: number): Block {
  const left = xOf(axis, start);
  return {
    left,
    width: Math.max(0, xOf(axis, end) - left),
    clippedStart: start < axis.from,
    clippedEnd: end > axis.to,
  };
}

/** A 15-minute mark of the axis: its instant, its x and its column index from 0. */
export interface ColumnMark {
  index: number;
  instant: number;
  x: number;
}

/**
 * The 15-minute marks whose columns intersect [from, to) (a visible stretch), in order. A day
 * has 92, 96 or 100 of them; only the visible ones are ever asked for.
 */
export function columnMarks(axis: GuideAxis, from = axis.from, to = axis.to): ColumnMark[] {
  const count = Math.ceil((axis.to - axis.from) / QUARTER_HOUR_MS);
  const first = Math.max(0, Math.floor((from - axis.from) / QUARTER_HOUR_MS));
  const last = Math.min(count, Math.ceil((to - axis.from) / QUARTER_HOUR_MS));
  const marks: ColumnMark[] = [];
  for (let index = first; index < last; index++) {
    marks.push({
      index,
      instant: axis.from + index * QUARTER_HOUR_MS,
      x: index * axis.columnWidth,
    });
  }
  return marks;
}

/** The index (from 0) of the 15-minute column an instant falls in, clamped to the window. */
export function columnIndex(axis: GuideAxis, instant: number): number {
  const count = Math.ceil((axis.to - axis.from) / QUARTER_HOUR_MS);
  const index = Math.floor((instant - axis.from) / QUARTER_HOUR_MS);
  return Math.min(Math.max(index, 0), Math.max(0, count - 1));
}

/** Rows to render: [first, last) of `count`, covering the viewport plus `overscan` either side. */
export interface RowRange {
  first: number;
  last: number;
}

/** The rows a vertical scroll position shows, with `overscan` more rows above and below. */
export function visibleRows(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): RowRange {
  if (count <= 0 || rowHeight <= 0) return { first: 0, last: 0 };
  const top = Math.max(0, scrollTop);
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(
    count,
    Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight) + overscan,
  );
  return { first: Math.min(first, last), last };
}

/** A stretch of time the grid renders: [from, to), epoch ms. */
export interface TimeRange {
  from: number;
  to: number;
}

/**
 * The stretch of time a horizontal scroll position shows (x measured from the axis start),
 * widened by `overscan` pixels either side and rounded outwards to whole `step`s (ms), so small
 * scrolls inside a step give the same range and re-render nothing.
 */
export function visibleTimes(
  axis: GuideAxis,
  scrollLeft: number,
  viewportWidth: number,
  overscan: number,
  step: number,
): TimeRange {
  const left = Math.max(0, scrollLeft - overscan);
  const right = Math.max(left, scrollLeft + Math.max(0, viewportWidth) + overscan);
  const rawFrom = instantAt(axis, left);
  const rawTo = instantAt(axis, right);
  const from = axis.from + Math.floor((rawFrom - axis.from) / step) * step;
  const to = axis.from + Math.ceil((rawTo - axis.from) / step) * step;
  return { from: Math.max(axis.from, from), to: Math.min(axis.to, Math.max(to, from)) };
}

/** A row's programmes as intervals, sorted by start. */
export interface Interval {
  start: number;
  end: number;
}

/**
 * A row's search index: the starts, and the running maximum of the ends. Sorted starts make the
 * right edge one binary search; the running maximum is sorted too even where programmes overlap
 * (a hand-made schedule may), so the left edge is one as well.
 */
export interface RowIndex {
  starts: Float64Array;
  maxEnds: Float64Array;
}

/** Builds the {@link RowIndex} of start-sorted intervals. */
export function indexRow(items: readonly Interval[]): RowIndex {
  const starts = new Float64Array(items.length);
  const maxEnds = new Float64Array(items.length);
  let maxEnd = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Interval;
    starts[i] = item.start;
    maxEnd = Math.max(maxEnd, item.end);
    maxEnds[i] = maxEnd;
  }
  return { starts, maxEnds };
}

/** The first index whose value is greater than `value` (`strict`) or at least `value`. */
function lowerBound(values: Float64Array, value: number, strict: boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = values[mid] as number;
    if (strict ? v > value : v >= value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The items of a start-sorted row that intersect [from, to) (end > from and start < to), in
 * order: two binary searches, then a walk over the candidates between them. The walk drops only
 * items nested inside an earlier, longer one that already ended, so on a schedule without
 * overlaps it is exactly the result.
 */
export function visibleSlice<T extends Interval>(
  items: readonly T[],
  index: RowIndex,
  from: number,
  to: number,
): T[] {
  if (to <= from) return [];
  const lo = lowerBound(index.maxEnds, from, true);
  const hi = lowerBound(index.starts, to, false);
  const slice: T[] = [];
  for (let i = lo; i < hi; i++) {
    const item = items[i] as T;
    if (item.end > from) slice.push(item);
  }
  return slice;
}

/** The scroll box: its scroll offsets and its size, in pixels. */
export interface Viewport {
  scrollTop: number;
  scrollLeft: number;
  width: number;
  height: number;
}

/** The fixed parts of the grid's layout, in pixels. */
export interface GridLayout {
  rowHeight: number;
  /** The sticky time header above the rows. */
  headerHeight: number;
  /** The sticky channel column left of the programmes. */
  labelWidth: number;
}

/**
 * The scroll offsets that bring a programme's block (x and width on the axis, in row `row`)
 * fully into the part of the viewport the sticky header and channel column leave free, moving
 * as little as possible; a block wider than that space is brought in by its start.
 */
export function scrollToReveal(
  viewport: Viewport,
  layout: GridLayout,
  target: { row: number; left: number; width: number },
): { scrollTop: number; scrollLeft: number } {
  const freeHeight = Math.max(0, viewport.height - layout.headerHeight);
  const freeWidth = Math.max(0, viewport.width - layout.labelWidth);
  const top = target.row * layout.rowHeight;
  let scrollTop = viewport.scrollTop;
  if (top + layout.rowHeight > scrollTop + freeHeight)
    scrollTop = top + layout.rowHeight - freeHeight;
  if (top < scrollTop) scrollTop = top;
  let scrollLeft = viewport.scrollLeft;
  if (target.left + target.width > scrollLeft + freeWidth)
    scrollLeft = target.left + target.width - freeWidth;
  if (target.left < scrollLeft) scrollLeft = target.left;
  return { scrollTop: Math.max(0, scrollTop), scrollLeft: Math.max(0, scrollLeft) };
}
