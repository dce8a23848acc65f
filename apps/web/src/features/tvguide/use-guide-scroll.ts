import { QUARTER_HOUR_MS } from '@airgrid/domain';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  type GuideAxis,
  instantAt,
  type RowRange,
  type TimeRange,
  visibleRows,
  visibleTimes,
  xOf,
} from './guide-geometry';
import { COLUMN_WIDTH, HEADER_HEIGHT, ROW_HEIGHT } from './guide-grid-sizes';
import type { GuideDay, GuideView } from './tvguide-model';

/** Rows rendered beyond the viewport above and below. */
const ROW_OVERSCAN = 3;
/** Pixels of time rendered beyond the viewport left and right (then rounded out to the hour). */
const TIME_OVERSCAN_PX = 4 * COLUMN_WIDTH;
/** The grid's box before it can be measured: a laptop's window less the page's chrome. */
const ASSUMED_VIEWPORT = { width: 1100, height: 640 };
/** The visible time range is rounded out to whole hours. */
const TIME_STEP_MS = 4 * QUARTER_HOUR_MS;

/** What is in view, rounded (see the comment at the top). */
export interface InView {
  rows: RowRange;
  times: TimeRange;
  /** The first row at least partly under the header's bottom edge. */
  topRow: number;
  /** The 15-minute mark at the left edge of the time area. */
  leftTime: number;
  /** There is more of the day to scroll to on the left, on the right (the edge shadows). */
  moreLeft: boolean;
  moreRight: boolean;
}

const sameInView = (a: InView, b: InView) =>
  a.rows.first === b.rows.first &&
  a.rows.last === b.rows.last &&
  a.times.from === b.times.from &&
  a.times.to === b.times.to &&
  a.topRow === b.topRow &&
  a.leftTime === b.leftTime &&
  a.moreLeft === b.moreLeft &&
  a.moreRight === b.moreRight;

/**
 * What of the guide grid is in view: measured on every scroll and resize of the box the returned
 * `scroller` goes on, and scrolled to the `view` asked for when it or the day changes.
 */
export function useGuideScroll({
  rowCount,
  day,
  axis,
  labelWidth,
  view,
  onView,
}: {
  rowCount: number;
  day: GuideDay;
  axis: GuideAxis;
  labelWidth: number;
  view: GuideView;
  onView: ((day: string, left: number, right: number) => void) | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // Before the first measure (and in the server's markup, which has no box to measure): what a
  // common desktop window shows at the start of the day, so the page is not an empty grid until
  // the script runs. The first layout effect then scrolls to the view asked for and measures.
  const [inView, setInView] = useState<InView>(() => ({
    rows: visibleRows(0, ASSUMED_VIEWPORT.height, ROW_HEIGHT, rowCount, ROW_OVERSCAN),
    times: visibleTimes(
      axis,
      0,
      ASSUMED_VIEWPORT.width - labelWidth,
      TIME_OVERSCAN_PX,
      TIME_STEP_MS,
    ),
    topRow: 0,
    leftTime: day.from,
    moreLeft: false,
    moreRight: axis.to > axis.from,
  }));
  const onViewRef = useRef(onView);
  onViewRef.current = onView;

  const measure = useCallback(() => {
    const box = scroller.current;
    if (!box) return;
    // Read by the programme blocks' CSS (their titles stay in view); no render needed.
    box.style.setProperty('--guide-scroll-x', `${box.scrollLeft}px`);
    const rowsHigh = box.clientHeight - HEADER_HEIGHT;
    const timeWide = box.clientWidth - labelWidth;
    const next: InView = {
      rows: visibleRows(box.scrollTop, rowsHigh, ROW_HEIGHT, rowCount, ROW_OVERSCAN),
      times: visibleTimes(axis, box.scrollLeft, timeWide, TIME_OVERSCAN_PX, TIME_STEP_MS),
      topRow: Math.min(Math.max(0, rowCount - 1), Math.floor(box.scrollTop / ROW_HEIGHT)),
      leftTime: axis.from + Math.floor(box.scrollLeft / COLUMN_WIDTH) * QUARTER_HOUR_MS,
      moreLeft: box.scrollLeft > 1,
      moreRight: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
    };
    setInView((current) => (sameInView(current, next) ? current : next));
    const left = instantAt(axis, box.scrollLeft);
    onViewRef.current?.(
      day.date,
      left,
      Math.min(axis.to, instantAt(axis, box.scrollLeft + timeWide)),
    );
  }, [axis, labelWidth, rowCount, day.date]);

  // Rows, the axis or the column width changed: what is in view changed with them.
  useLayoutEffect(() => measure(), [measure]);

  // The view asked for: its instant at the left edge, or now a quarter of the way in. When the
  // view or the day changes (not when the filter does), and before paint, so the first frame
  // already shows the right hours. A view in a day still loading waits for that day's axis.
  const latest = useRef({ measure, labelWidth: labelWidth });
  latest.current = { measure, labelWidth: labelWidth };
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && view.at >= axis.from && view.at < axis.to) {
      const timeWide = box.clientWidth - latest.current.labelWidth;
      const x = xOf(axis, view.at);
      box.scrollLeft = Math.max(0, view.align === 'now' ? x - timeWide / 4 : x);
    }
    latest.current.measure();
  }, [axis, view]);

  useEffect(() => {
    const box = scroller.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(box);
    return () => observer.disconnect();
  }, [measure]);

  return { scroller, inView, measure };
}
