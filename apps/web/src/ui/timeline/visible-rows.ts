/**
 * Row virtualisation: the chart draws only the rows on screen and a few beyond, so a station
 * with 50 channels and a week of 8,000 timeslots keeps a DOM of a screenful of rows, and a drag
 * or a scroll costs a frame of the rows in sight rather than of all of them
 * (docs/decisions/0022-timeline-row-virtualisation.md).
 *
 * The page scrolls, not the chart: which rows are in sight follows from where the chart's body
 * sits in the viewport, read on every scroll of the window or of any scrolling ancestor.
 */
import { type RefObject, useLayoutEffect, useState } from 'react';

/** Rows drawn beyond each edge of the screen, so a scroll finds the next ones ready. */
const OVERSCAN_ROWS = 6;

/** The rows to draw, first and last inclusive; `last < first` when there are none. */
export interface RowRange {
  first: number;
  last: number;
}

/**
 * The rows of a body whose top is `top` px from the viewport's top (negative once scrolled
 * past) that a viewport `viewportHeight` px tall shows, widened by `overscan` rows each way.
 */
export function visibleRows(
  top: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number,
  overscan = OVERSCAN_ROWS,
): RowRange {
  if (rowCount === 0) return { first: 0, last: -1 };
  const first = Math.floor(-top / rowHeight) - overscan;
  const last = Math.ceil((viewportHeight - top) / rowHeight) - 1 + overscan;
  return {
    first: Math.min(Math.max(first, 0), rowCount - 1),
    last: Math.min(Math.max(last, 0), rowCount - 1),
  };
}

/** The rows to draw (with the overscan) and, among them, those on screen. */
export interface DrawnRows {
  drawn: RowRange;
  onScreen: RowRange;
}

/**
 * The rows of `body` to draw, kept current as the page scrolls or resizes. The state changes
 * only when a row enters or leaves the range, so most scroll frames render nothing.
 */
export function useVisibleRows(
  body: RefObject<HTMLElement | null>,
  rowCount: number,
  rowHeight: number,
): DrawnRows {
  // Before the first measure: the rows a screen can hold from the top, not all of them.
  const [rows, setRows] = useState(() =>
    measureRows(0, typeof window === 'undefined' ? 0 : window.innerHeight, rowHeight, rowCount),
  );
  // A layout effect measures before the first paint, so no frame shows the wrong rows.
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const measure = () => {
      const next = measureRows(
        element.getBoundingClientRect().top,
        window.innerHeight,
        rowHeight,
        rowCount,
      );
      setRows((current) => (sameRows(current, next) ? current : next));
    };
    measure();
    // Capture: a scroll of any ancestor (the page, a scrolling shell) moves the chart too.
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
    };
  }, [body, rowCount, rowHeight]);
  return rows;
}

function measureRows(
  top: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number,
): DrawnRows {
  return {
    drawn: visibleRows(top, viewportHeight, rowHeight, rowCount),
    onScreen: visibleRows(top, viewportHeight, rowHeight, rowCount, 0),
  };
}

const sameRange = (a: RowRange, b: RowRange) => a.first === b.first && a.last === b.last;
const sameRows = (a: DrawnRows, b: DrawnRows) =>
  sameRange(a.drawn, b.drawn) && sameRange(a.onScreen, b.onScreen);
