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
 * channel changes), left to the page's edit form.
 */
import type { ChangeMode, Clock } from '@airgrid/domain';
import {
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  memo,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { messages } from '../../i18n/messages';
import { firstNow } from '../../lib/page-clock';
import { colorScheme as lookUpScheme, resolveBarColor, rowColors } from './color-schemes';
import { countFits, dayCells, summariseDays } from './day-summary';
import {
  type Axis,
  assertPrecision,
  assertWindow,
  axisTicks,
  DEFAULT_PRECISION,
  type DragKind,
  dragPreview,
  dropInstant,
  formatBarTimes,
  LABEL_WIDTH_PX,
  minTrackWidth,
  ROW_HEIGHT_PX,
  spanToPercent,
  TOOLTIP_DELAY_MS,
  timeToFraction,
  tooltipLines,
  VALIDATION_DEBOUNCE_MS,
} from './geometry';
import { applyGesture, keyGesture } from './gesture';
import { createStore, type Store } from './store';
import classes from './timeline.module.css';
import {
  type TimelineActions,
  type TimelineConfig,
  TimelineConfigContext,
} from './timeline-context';
import { TimelineRowView } from './timeline-row';
import { placeTooltip } from './tooltip-placement';
import {
  type DaySummaryOptions,
  SHOW_DRAG_TYPE,
  type TimelineBar,
  type TimelineProps,
} from './types';
import { useVisibleRows } from './visible-rows';

/** A pointer must travel this far before a press becomes a drag (a click otherwise). */
const DRAG_THRESHOLD_PX = 3;
const NOW_REFRESH_MS = 30_000;
const AXIS_HEIGHT_PX = 48;

/** The ghost of a drag in progress, where the bar lands on release. */
interface Ghost {
  rowIndex: number;
  bar: TimelineBar;
  start: number;
  durationSec: number;
  /** The drop would be refused (checked once the pointer rests for 5 ms). */
  refused: boolean;
}

interface DragSession {
  bar: TimelineBar;
  kind: DragKind;
  rowIndex: number;
  originX: number;
  msPerPx: number;
  deltaMs: number;
  moved: boolean;
  cleanup: () => void;
}

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
  const rowIndexById = useMemo(() => new Map(rows.map((row, index) => [row.id, index])), [rows]);
  const body = useRef<HTMLDivElement>(null);
  const { drawn, onScreen } = useVisibleRows(body, rows.length, rowHeight);

  // Handlers read the latest props through a ref, so the actions object never changes and the
  // memoised bars never re-render because of a new callback.
  const latest = useRef({ props, barsByRow, rowIndexById });
  latest.current = { props, barsByRow, rowIndexById };

  const ghostStore = useMemo(() => createStore<Ghost | null>(null), []);
  const [dragging, setDragging] = useState<{ id: string; rowId: string } | null>(null);
  const [tooltip, setTooltip] = useState<TimelineBar | null>(null);
  const session = useRef<DragSession | null>(null);
  const hoverTimer = useRef<number | undefined>(undefined);
  const validateTimer = useRef<number | undefined>(undefined);

  const actions = useMemo<TimelineActions>(() => {
    const mode = (): ChangeMode => latest.current.props.mode ?? 'no-overlap';
    // A cancelled bar airs no more: the bars of its row move over it and never push it.
    const rowBarsOf = (bar: TimelineBar) =>
      (latest.current.barsByRow.get(bar.rowId) ?? [bar]).filter((one) => !one.cancelled);

    const hideTooltip = () => {
      window.clearTimeout(hoverTimer.current);
      setTooltip(null);
    };

    const commit = (bar: TimelineBar, kind: DragKind, instant: number) => {
      const { onChange, onRefused } = latest.current.props;
      const outcome = applyGesture(rowBarsOf(bar), bar, kind, instant, mode());
      if (outcome.kind === 'changed') onChange?.(outcome.changes);
      else if (outcome.kind === 'refused') onRefused?.(outcome.reason, outcome.blocking);
    };

    const edgeInstant = (drag: DragSession) => {
      const { bar, kind, deltaMs } = drag;
      const base = kind === 'end' ? bar.start + bar.durationSec * 1000 : bar.start;
      return base + deltaMs;
    };

    const endDrag = (apply: boolean) => {
      const drag = session.current;
      if (!drag) return;
      session.current = null;
      drag.cleanup();
      window.clearTimeout(validateTimer.current);
      ghostStore.set(null);
      setDragging(null);
      if (!drag.moved) {
        if (apply) latest.current.props.onBarClick?.(drag.bar.id);
        return;
      }
      if (!apply || drag.bar.cancelled) return;
      if (drag.bar.locked) latest.current.props.onRefused?.('locked', drag.bar.id);
      else commit(drag.bar, drag.kind, edgeInstant(drag));
    };

    const validateGhost = () => {
      const drag = session.current;
      const ghost = ghostStore.get();
      if (!drag || !ghost) return;
      const outcome = applyGesture(
        rowBarsOf(drag.bar),
        drag.bar,
        drag.kind,
        edgeInstant(drag),
        mode(),
      );
      ghostStore.set({ ...ghost, refused: outcome.kind === 'refused' });
    };

    return {
      pointerDown(event: PointerEvent<HTMLElement>, bar: TimelineBar, kind: DragKind) {
        if (event.button !== 0 || session.current || !latest.current.props.onChange) return;
        hideTooltip();
        const track = event.currentTarget.closest<HTMLElement>('[data-track]');
        const width = track?.getBoundingClientRect().width ?? 0;
        if (width <= 0) return;
        const { from: windowFrom, to: windowTo } = latest.current.props;
        const onMove = (move: globalThis.PointerEvent) => {
          const drag = session.current;
          if (!drag) return;
          const dx = move.clientX - drag.originX;
          if (!drag.moved && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
          if (!drag.moved) {
            drag.moved = true;
            if (!bar.locked && !bar.cancelled) setDragging({ id: bar.id, rowId: bar.rowId });
          }
          if (bar.locked || bar.cancelled) return;
          drag.deltaMs = dx * drag.msPerPx;
          const span = dragPreview(bar, kind, drag.deltaMs);
          ghostStore.set({ rowIndex: drag.rowIndex, bar, ...span, refused: false });
          window.clearTimeout(validateTimer.current);
          validateTimer.current = window.setTimeout(validateGhost, VALIDATION_DEBOUNCE_MS);
        };
        const onUp = () => endDrag(true);
        const onCancel = () => endDrag(false);
        const onKey = (key: globalThis.KeyboardEvent) => {
          if (key.key !== 'Escape') return;
          key.preventDefault();
          endDrag(false);
        };
        window.addEventListener('pointermove', onMove);
        window.addEventListener('pointerup', onUp);
        window.addEventListener('pointercancel', onCancel);
        window.addEventListener('keydown', onKey);
        session.current = {
          bar,
          kind,
          rowIndex: latest.current.rowIndexById.get(bar.rowId) ?? 0,
          originX: event.clientX,
          msPerPx: (windowTo - windowFrom) / width,
          deltaMs: 0,
          moved: false,
          cleanup: () => {
            window.removeEventListener('pointermove', onMove);
            window.removeEventListener('pointerup', onUp);
            window.removeEventListener('pointercancel', onCancel);
            window.removeEventListener('keydown', onKey);
          },
        };
        // Keeps text from being selected while dragging.
        event.preventDefault();
      },

      click(bar: TimelineBar) {
        if (latest.current.props.onChange) return;
        hideTooltip();
        latest.current.props.onBarClick?.(bar.id);
      },

      keyDown(event: KeyboardEvent<HTMLElement>, bar: TimelineBar) {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          latest.current.props.onBarClick?.(bar.id);
          return;
        }
        const gesture =
          latest.current.props.onChange &&
          !bar.cancelled &&
          keyGesture(event.key, event.shiftKey, bar);
        if (!gesture) return;
        event.preventDefault();
        hideTooltip();
        commit(bar, gesture.kind, gesture.instant);
      },

      hoverStart(bar: TimelineBar) {
        window.clearTimeout(hoverTimer.current);
        if (session.current) return;
        hoverTimer.current = window.setTimeout(() => setTooltip(bar), TOOLTIP_DELAY_MS);
      },

      hoverEnd: hideTooltip,
    };
  }, [ghostStore]);

  // A chart unmounted mid-drag leaves no listeners or timers behind.
  useEffect(
    () => () => {
      session.current?.cleanup();
      window.clearTimeout(hoverTimer.current);
      window.clearTimeout(validateTimer.current);
    },
    [],
  );

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

const AxisHeader = memo(function AxisHeader({
  axis,
  from,
  to,
}: {
  axis: Axis;
  from: number;
  to: number;
}) {
  return (
    <div className={classes.header}>
      <div className={classes.corner} />
      <div className={classes.axis} data-testid="timeline-axis">
        {[axis.major, axis.minor].map((ticks, level) => (
          <div key={level === 0 ? 'major' : 'minor'} className={classes.axisRow}>
            {ticks.map((tick) => {
              const { left, width } = spanToPercent(
                tick.start,
                (tick.end - tick.start) / 1000,
                from,
                to,
              );
              return (
                <div
                  key={tick.start}
                  className={classes.tick}
                  style={{ left: `${left}%`, width: `${width}%` }}
                >
                  {level === 0 ? (
                    <span className={classes.stickyLabel}>{tick.label}</span>
                  ) : (
                    tick.label
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
});

const GridLines = memo(function GridLines({
  axis,
  from,
  to,
}: {
  axis: Axis;
  from: number;
  to: number;
}) {
  return (
    <div className={classes.grid} aria-hidden="true">
      {axis.minor.slice(1).map((tick) => (
        <div
          key={tick.start}
          className={classes.gridLine}
          style={{ left: `${timeToFraction(tick.start, from, to) * 100}%` }}
        />
      ))}
    </div>
  );
});

function GhostView({
  store,
  from,
  to,
  timeZone,
  clock,
  color,
}: {
  store: Store<Ghost | null>;
  from: number;
  to: number;
  timeZone: string;
  clock: Clock;
  color: (bar: TimelineBar) => string;
}) {
  const ghost = useSyncExternalStore(store.subscribe, store.get, store.get);
  if (!ghost) return null;
  const { left, width } = spanToPercent(ghost.start, ghost.durationSec, from, to);
  return (
    <div
      className={classes.ghost}
      data-testid="timeline-ghost"
      data-start={ghost.start}
      data-duration={ghost.durationSec}
      data-refused={ghost.refused ? 'true' : undefined}
      aria-hidden="true"
      style={{
        left: `${left}%`,
        width: `${width}%`,
        top: `calc(${ghost.rowIndex} * var(--timeline-row-height))`,
        background: color(ghost.bar),
      }}
    >
      <span className={classes.barLabel}>
        {formatBarTimes(ghost.start, ghost.durationSec, timeZone, clock)}
      </span>
    </div>
  );
}

/**
 * A bar's tooltip, placed in pixels inside the chart's box (`placeTooltip`): it is drawn hidden
 * at the overlay's corner, measured, then moved, before the browser paints it.
 */
function Tooltip({
  bar,
  channel,
  timeZone,
  clock,
}: {
  bar: TimelineBar;
  channel: string | undefined;
  timeZone: string;
  clock: Clock;
}) {
  const [title, ...details] = tooltipLines(bar, channel, timeZone, clock);
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const tip = ref.current;
    const overlay = tip?.parentElement;
    const chart = tip?.closest('section');
    const anchor = chart?.querySelector(`[data-bar-id="${CSS.escape(bar.id)}"]`);
    if (!tip || !overlay || !chart || !anchor) return;
    // The box is the chart's visible client area: what its sideways scrolling does not clip.
    const outer = chart.getBoundingClientRect();
    const box = {
      left: outer.left + chart.clientLeft,
      top: outer.top + chart.clientTop,
      right: outer.left + chart.clientLeft + chart.clientWidth,
      bottom: outer.top + chart.clientTop + chart.clientHeight,
    };
    tip.style.maxWidth = `${Math.max(0, Math.min(320, box.right - box.left - 8))}px`;
    const corner = placeTooltip(
      anchor.getBoundingClientRect(),
      { width: tip.offsetWidth, height: tip.offsetHeight },
      box,
    );
    const origin = overlay.getBoundingClientRect();
    setPlace({ left: corner.left - origin.left, top: corner.top - origin.top });
  }, [bar]);
  return (
    <div
      ref={ref}
      className={classes.tooltip}
      role="tooltip"
      style={
        place ? { left: place.left, top: place.top } : { left: 0, top: 0, visibility: 'hidden' }
      }
    >
      <strong>{title}</strong>
      {bar.status && <span className={classes.tooltipStatus}>{bar.status}</span>}
      {details.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </div>
  );
}

/**
 * The day strip under the axis: a button a local day, its count of bars (where the digits fit)
 * over a heat bar as full as the day is; a click opens the day.
 */
const DayStrip = memo(function DayStrip({
  options,
  bars,
  rowCount,
  from,
  to,
  timeZone,
  trackPx,
}: {
  options: DaySummaryOptions;
  bars: readonly TimelineBar[];
  rowCount: number;
  from: number;
  to: number;
  timeZone: string;
  trackPx: number;
}) {
  const days = useMemo(
    () => summariseDays(dayCells(from, to, timeZone), bars, rowCount),
    [from, to, timeZone, bars, rowCount],
  );
  return (
    <div className={classes.dayStrip} data-testid="timeline-days">
      <div className={classes.corner}>
        <span className={classes.dayStripTitle}>{options.title}</span>
      </div>
      <div className={classes.axis}>
        {days.map((day) => {
          const { left, width } = spanToPercent(day.start, (day.end - day.start) / 1000, from, to);
          const cellPx = trackPx === 0 ? Number.POSITIVE_INFINITY : (width / 100) * trackPx;
          const counted = countFits(cellPx, day.count);
          return (
            <button
              key={day.date}
              type="button"
              className={classes.dayCell}
              data-date={day.date}
              data-count={day.count}
              // A quarter's days are a few pixels each: heat alone, without a comb of borders.
              data-compact={countFits(cellPx, 99) ? undefined : 'true'}
              aria-label={options.describe(day.date, day.count)}
              title={options.describe(day.date, day.count)}
              style={{ left: `${left}%`, width: `${width}%` }}
              onClick={() => options.onOpen(day.date)}
            >
              {counted && day.count > 0 && <span className={classes.dayCount}>{day.count}</span>}
              <span
                className={classes.dayHeat}
                aria-hidden="true"
                style={{ opacity: day.count === 0 ? 0 : 0.2 + 0.8 * day.load }}
              />
            </button>
          );
        })}
      </div>
    </div>
  );
});

function NowLine({ from, to, now }: { from: number; to: number; now: number | undefined }) {
  const [clock, setClock] = useState(firstNow);
  useEffect(() => {
    if (now !== undefined) return;
    setClock(Date.now());
    const timer = window.setInterval(() => setClock(Date.now()), NOW_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [now]);
  const instant = now ?? clock;
  if (instant < from || instant >= to) return null;
  return (
    <div
      className={classes.nowLine}
      data-testid="timeline-now"
      style={{ left: `${timeToFraction(instant, from, to) * 100}%` }}
    />
  );
}
