/**
 * The timeline chart: rows (channels) of bars (timeslots) on a time axis. Drag a bar to move
 * it, drag a handle to resize it, or use the arrow keys; everything lands on the 15-minute
 * grid and follows the domain's `moveBar`/`resizeBar` in push or no-overlap mode.
 *
 * The chart is controlled: it never changes a bar itself, it reports changes through
 * `onChange` and the owner passes new bars back. A refused gesture is "reverted" by simply
 * not reporting it.
 *
 * Rendering is plain DOM: bars flow in their row's track, placed in percent of the window
 * (bar-flow.ts), memoised per bar; while a pointer drags, only the ghost (a store subscriber)
 * re-renders. Only the rows on screen and a few beyond are drawn (visible-rows.ts): the body
 * keeps the others' height as padding, so the page scrolls as if they were there. A bar moves
 * within its row: moving it to another channel is a different operation (the timeslot's
 * channel changes), left to the page's edit form. Marks (a channel's breaks) run along each
 * row's foot, under the bars, and take no part in gestures.
 */
import { type CSSProperties, type DragEvent, useCallback, useMemo, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { colorScheme as lookUpScheme, resolveBarColor, rowColors } from './color-schemes';
import {
  assertPrecision,
  assertWindow,
  axisTicks,
  DEFAULT_PRECISION,
  dropInstant,
  LABEL_WIDTH_PX,
  minTrackWidth,
  ROW_HEIGHT_PX,
} from './geometry';
import { marksByRow } from './marks';
import classes from './timeline.module.css';
import { AxisHeader, GridLines, NowLine } from './timeline-axis';
import { type TimelineConfig, TimelineConfigContext } from './timeline-context';
import { DayStrip } from './timeline-day-strip';
import { GhostView, Tooltip } from './timeline-overlay';
import { TimelineRowView } from './timeline-row';
import { SHOW_DRAG_TYPE, type TimelineBar, type TimelineMark, type TimelineProps } from './types';
import { useTimelineGestures } from './use-timeline-gestures';
import { useVisibleRows } from './visible-rows';

const AXIS_HEIGHT_PX = 48;

export function Timeline(props: TimelineProps) {
  const {
    rows,
    bars,
    from,
    to,
    precision = DEFAULT_PRECISION,
    colorScheme = 'default',
    colorBy = 'category',
    timeZone = 'UTC',
    clock = '12h',
    rowHeight = ROW_HEIGHT_PX,
    labelWidth = LABEL_WIDTH_PX,
    now,
  } = props;
  // Wrong configuration is a programming error: throw, as the seed's chart does (§8).
  assertPrecision(precision);
  assertWindow(from, to);
  const scheme = lookUpScheme(colorScheme);
  const byRow = useMemo(() => rowColors(rows, scheme), [rows, scheme]);
  const colorOf = useCallback(
    (bar: TimelineBar) => resolveBarColor(bar, colorBy, scheme, byRow),
    [colorBy, scheme, byRow],
  );

  const axis = useMemo(
    () => axisTicks(from, to, precision, timeZone, clock),
    [from, to, precision, timeZone, clock],
  );
  const trackPx = useTrackWidth(labelWidth);
  const barsByRow = useMemo(() => groupByRow(bars), [bars]);
  // A row keeps its marks' array while they read the same, so its memo holds across refetches.
  const lastMarks = useRef<ReadonlyMap<string, readonly TimelineMark[]>>(new Map());
  const marksOfRow = useMemo(() => {
    const grouped = marksByRow(props.marks ?? NO_MARKS, from, to, lastMarks.current);
    lastMarks.current = grouped;
    return grouped;
  }, [props.marks, from, to]);
  const rowIndexById = useMemo(() => new Map(rows.map((row, index) => [row.id, index])), [rows]);
  const body = useRef<HTMLDivElement>(null);
  const { drawn, onScreen } = useVisibleRows(body, rows.length, rowHeight);

  // Handlers read the latest props through a ref, so the actions object never changes and the
  // memoised bars never re-render because of a new callback.
  const latest = useRef({ props, barsByRow, rowIndexById });
  latest.current = { props, barsByRow, rowIndexById };
  const { actions, ghostStore, dragging, tooltip } = useTimelineGestures(latest);

  const config = useMemo<TimelineConfig>(
    () => ({
      from,
      to,
      timeZone,
      clock,
      trackPx: trackPx.width,
      scheme,
      colorOf,
      actions,
      readOnly: !props.onChange,
    }),
    [from, to, timeZone, clock, trackPx.width, scheme, colorOf, actions, props.onChange],
  );

  const onDragOver = useCallback((event: DragEvent<HTMLDivElement>) => {
    if (!latest.current.props.onDropShow || !event.dataTransfer.types.includes(SHOW_DRAG_TYPE)) {
      return;
    }
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }, []);

  const onDrop = useCallback((event: DragEvent<HTMLDivElement>) => {
    const { onDropShow, from: windowFrom, to: windowTo } = latest.current.props;
    const track = (event.target as HTMLElement).closest<HTMLElement>('[data-track]');
    const rowId = track?.dataset.rowId;
    const payload = event.dataTransfer.getData(SHOW_DRAG_TYPE);
    if (!onDropShow || !track || rowId === undefined || payload === '') return;
    event.preventDefault();
    const rect = track.getBoundingClientRect();
    onDropShow(
      rowId,
      dropInstant(event.clientX - rect.left, rect.width, windowFrom, windowTo),
      payload,
    );
  }, []);

  const style = {
    '--timeline-row-height': `${rowHeight}px`,
    '--timeline-label-width': `${labelWidth}px`,
    '--timeline-axis-height': `${AXIS_HEIGHT_PX}px`,
    // Once for the chart rather than on each bar: one style property fewer per bar to set.
    '--timeline-bar-text': scheme.text,
  } as CSSProperties;
  const minWidth = labelWidth + minTrackWidth(axis, precision, from, to, props.minCellWidth);
  const tooltipRow = tooltip ? (rowIndexById.get(tooltip.rowId) ?? -1) : -1;

  return (
    <TimelineConfigContext.Provider value={config}>
      <section
        className={classes.root}
        style={style}
        aria-label={props['aria-label'] ?? messages().ui.timeline}
        data-color-scheme={colorScheme}
        data-precision={precision}
      >
        <div ref={trackPx.ref} className={classes.inner} style={{ minWidth }}>
          <AxisHeader axis={axis} from={from} to={to} />
          {props.daySummary && precision !== 'hour' && (
            <DayStrip
              options={props.daySummary}
              bars={bars}
              rowCount={rows.length}
              from={from}
              to={to}
              timeZone={timeZone}
              trackPx={trackPx.width}
            />
          )}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: drop target for shows dragged from a side list; keyboard users create timeslots with the form. */}
          <div
            ref={body}
            className={classes.body}
            style={{
              paddingTop: drawn.first * rowHeight,
              paddingBottom: Math.max(0, rows.length - 1 - drawn.last) * rowHeight,
            }}
            onDragOver={onDragOver}
            onDrop={onDrop}
          >
            <GridLines axis={axis} from={from} to={to} />
            {rows.slice(drawn.first, drawn.last + 1).map((row, offset) => (
              <TimelineRowView
                key={row.id}
                row={row}
                bars={barsByRow.get(row.id) ?? EMPTY}
                marks={marksOfRow.get(row.id) ?? NO_MARKS}
                from={from}
                to={to}
                draggingId={dragging?.rowId === row.id ? dragging.id : null}
                swatch={colorBy === 'row' ? byRow.get(row.id) : undefined}
                offScreen={
                  drawn.first + offset < onScreen.first || drawn.first + offset > onScreen.last
                }
              />
            ))}
            <div className={classes.overlay}>
              <NowLine from={from} to={to} now={now} />
              <GhostView
                store={ghostStore}
                from={from}
                to={to}
                timeZone={timeZone}
                clock={clock}
                color={colorOf}
              />
              {tooltip && tooltipRow >= 0 && (
                <Tooltip
                  bar={tooltip}
                  channel={rows[tooltipRow]?.label}
                  timeZone={timeZone}
                  clock={clock}
                />
              )}
            </div>
          </div>
        </div>
      </section>
    </TimelineConfigContext.Provider>
  );
}

const EMPTY: readonly TimelineBar[] = [];
const NO_MARKS: readonly TimelineMark[] = [];

/**
 * The width of the chart's track (the inner box less the label column), kept current with a
 * ResizeObserver: bars are laid out in percent, but whether a label fits is a matter of pixels.
 */
function useTrackWidth(labelWidth: number): {
  ref: (element: HTMLDivElement | null) => void;
  width: number;
} {
  const [width, setWidth] = useState(0);
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      const measure = () =>
        setWidth(Math.max(0, element.getBoundingClientRect().width - labelWidth));
      measure();
      if (typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(measure);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [labelWidth],
  );
  return { ref, width };
}

function groupByRow(bars: readonly TimelineBar[]): Map<string, TimelineBar[]> {
  const byRow = new Map<string, TimelineBar[]>();
  for (const bar of bars) {
    const list = byRow.get(bar.rowId);
    if (list) list.push(bar);
    else byRow.set(bar.rowId, [bar]);
  }
  return byRow;
}
