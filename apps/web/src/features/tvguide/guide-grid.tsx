// biome-ignore-all lint/a11y/useSemanticElements: the grid's rows and cells are absolutely positioned and virtualized; <table> parts lose their table semantics in Chromium once their display changes, so the ARIA grid roles are given explicitly on divs.
// biome-ignore-all lint/a11y/useFocusableInteractive: an ARIA grid with a roving tab stop: only programme cells take focus (tabIndex 0 or -1); rows and headers are not meant to.
import type { Clock } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import { useMediaQuery } from '@mantine/hooks';
import { type CSSProperties, useMemo } from 'react';
import { messages } from '../../i18n/messages';
import { NEEDS_APP } from '../../lib/app-start';
import {
  columnMarks,
  type GridLayout,
  type GuideAxis,
  indexRow,
  type RowIndex,
  xOf,
} from './guide-geometry';
import { GuideGridRow } from './guide-grid-row';
import { COLUMN_WIDTH, HEADER_HEIGHT, ROW_HEIGHT } from './guide-grid-sizes';
import classes from './tvguide.module.css';
import {
  type GuideDay,
  type GuideProgramme,
  type GuideRow,
  type GuideView,
  timeFormatter,
} from './tvguide-model';
import { useGuideFocus } from './use-guide-focus';
import { useGuideScroll } from './use-guide-scroll';

// Virtualized in both directions, by hand rather than with @tanstack/react-virtual: every row
// has the same height and time one scale, so what is in view is two divisions (guide-geometry),
// and both axes come from the one scroll event into one state update. TanStack's virtualizer
// handles one axis per instance over a list of items; our horizontal items are each row's own
// programmes of varying length, found by binary search, which it does not model, so it would
// only have replaced the vertical division while adding a dependency and a second scroll
// listener. The visible range is rounded to whole rows and whole hours (plus overscan), so a
// scroll re-renders only when it crosses one, and rows are memoized, so only rows whose slice
// changed render again.

const LABEL_WIDTH = 216;
const NARROW_LABEL_WIDTH = 132;

interface GuideGridProps {
  rows: readonly GuideRow[];
  day: GuideDay;
  zone: string;
  clock: Clock;
  now: number;
  /** The grid's accessible name, e.g. "TV guide for Tuesday 03/10/2026". */
  label: string;
  /** A newer day is loading: the grid dims. */
  loading: boolean;
  /** Still loading something (a newer day, or the rest of this one): aria-busy. */
  busy: boolean;
  /**
   * The time to show: scrolled to when it changes, or when the day it is in opens (a day
   * still loading keeps the scroll until it arrives).
   */
  view: GuideView;
  /** Told the stretch of time in view [left, right) of `day` after every scroll and resize. */
  onView?: (day: string, left: number, right: number) => void;
  onOpen: (programme: GuideProgramme, channel: GuideChannel) => void;
}

const rowIndexes = new WeakMap<GuideRow, RowIndex>();
/** A row's search index, built once per row object (the filter reuses the same objects). */
function indexOf(row: GuideRow): RowIndex {
  let index = rowIndexes.get(row);
  if (!index) {
    index = indexRow(row.programmes);
    rowIndexes.set(row, index);
  }
  return index;
}

/** The guide grid: channels down, time across, one tab stop, arrow keys between programmes. */
export function GuideGrid({
  rows,
  day,
  zone,
  clock,
  now,
  label,
  loading,
  busy,
  view,
  onView,
  onOpen,
}: GuideGridProps) {
  const t = messages();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const labelWidth = narrow ? NARROW_LABEL_WIDTH : LABEL_WIDTH;
  const layout = useMemo<GridLayout>(
    () => ({ rowHeight: ROW_HEIGHT, headerHeight: HEADER_HEIGHT, labelWidth }),
    [labelWidth],
  );
  const axis = useMemo<GuideAxis>(
    () => ({ from: day.from, to: day.to, columnWidth: COLUMN_WIDTH }),
    [day.from, day.to],
  );
  const width = labelWidth + day.columns * COLUMN_WIDTH;
  const format = useMemo(() => timeFormatter(zone, clock), [zone, clock]);

  const scroll = useGuideScroll({ rowCount: rows.length, day, axis, labelWidth, view, onView });
  const { scroller, inView, measure } = scroll;
  const { active, rowOf, activate, open, onKeyDown } = useGuideFocus(
    { rows, day, now, axis, layout, onOpen },
    scroll,
  );

  // Clamped: when the filter drops rows, this render still has the range measured for the
  // longer list (the layout effect measures again before paint).
  const first = Math.min(inView.rows.first, rows.length);
  const last = Math.min(inView.rows.last, rows.length);
  const rendered: number[] = [];
  for (let index = first; index < last; index++) rendered.push(index);
  // The tab stop is always in the DOM, even scrolled far away, so Tab always reaches the grid.
  const activeRow = active ? (rowOf.get(active.channel) ?? -1) : -1;
  if (activeRow >= 0 && (activeRow < first || activeRow >= last)) {
    rendered.push(activeRow);
  }

  const nowInDay = now >= day.from && now < day.to;
  const marks = columnMarks(axis, inView.times.from, inView.times.to).filter(
    (mark) => mark.index % 2 === 0,
  );
  const style = {
    '--guide-row-height': `${ROW_HEIGHT}px`,
    '--guide-header-height': `${HEADER_HEIGHT}px`,
    '--guide-column-width': `${COLUMN_WIDTH}px`,
    '--guide-label-width': `${labelWidth}px`,
  } as CSSProperties;

  return (
    <div
      className={classes.frame}
      style={style}
      // The server cannot measure the window: the app draws the programmes, so it starts at once.
      {...NEEDS_APP}
      data-more-left={inView.moreLeft || undefined}
      data-more-right={inView.moreRight || undefined}
    >
      <div
        ref={scroller}
        className={classes.scroller}
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={day.columns + 1}
        aria-busy={busy || undefined}
        data-loading={loading || undefined}
        data-testid="guide-grid"
        onScroll={measure}
        onKeyDown={onKeyDown}
      >
        <div role="rowgroup" className={classes.head} style={{ width }}>
          <div role="row" aria-rowindex={1} className={classes.headRow}>
            <div role="columnheader" aria-colindex={1} className={classes.corner}>
              {t.tvguide.channel}
            </div>
            {marks.map((mark) => (
              <div
                key={mark.index}
                role="columnheader"
                aria-colindex={mark.index + 2}
                aria-colspan={2}
                className={classes.tick}
                data-hour={mark.index % 4 === 0 || undefined}
                style={{ left: labelWidth + mark.x, width: 2 * COLUMN_WIDTH }}
              >
                {format(mark.instant)}
              </div>
            ))}
            {nowInDay && (
              <div
                className={classes.nowMarker}
                style={{ left: labelWidth + xOf(axis, now) }}
                aria-hidden
              >
                {t.tvguide.now}
              </div>
            )}
          </div>
        </div>
        <div
          role="rowgroup"
          className={classes.body}
          style={{ width, height: rows.length * ROW_HEIGHT }}
        >
          {nowInDay && (
            <div
              className={classes.nowLine}
              style={{ left: labelWidth + xOf(axis, now) }}
              data-testid="guide-now-line"
              aria-hidden
            />
          )}
          {rendered.map((index) => {
            const row = rows[index] as GuideRow;
            return (
              <GuideGridRow
                key={row.channel.id}
                row={row}
                rowIndex={indexOf(row)}
                index={index}
                width={width}
                axis={axis}
                labelWidth={labelWidth}
                from={inView.times.from}
                to={inView.times.to}
                activeId={activeRow === index ? (active?.programme ?? null) : null}
                now={now}
                format={format}
                columns={day.columns}
                onActivate={activate}
                onOpen={open}
              />
            );
          })}
        </div>
      </div>
      {/* Shadows at the edges that have more of the day beyond them: the grid scrolls sideways. */}
      <div className={classes.edgeLeft} aria-hidden />
      <div className={classes.edgeRight} aria-hidden />
    </div>
  );
}
