// biome-ignore-all lint/a11y/useSemanticElements: the grid's rows and cells are absolutely positioned and virtualized; <table> parts lose their table semantics in Chromium once their display changes, so the ARIA grid roles are given explicitly on divs.
// biome-ignore-all lint/a11y/useFocusableInteractive: an ARIA grid with a roving tab stop: only programme cells take focus (tabIndex 0 or -1); rows and headers are not meant to.
import { type Clock, QUARTER_HOUR_MS } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import { useMediaQuery } from '@mantine/hooks';
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { messages } from '../../i18n/messages';
import { NEEDS_APP } from '../../lib/app-start';
import { barColor, COLOR_SCHEMES } from '../../ui/timeline/color-schemes';
import {
  blockOf,
  columnIndex,
  columnMarks,
  type GridLayout,
  type GuideAxis,
  indexRow,
  instantAt,
  type RowIndex,
  type RowRange,
  scrollToReveal,
  type TimeRange,
  visibleRows,
  visibleSlice,
  visibleTimes,
  xOf,
} from './guide-geometry';
import { type GuideKey, isGuideKey, moveFocus, programmeAt } from './guide-keyboard';
import classes from './tvguide.module.css';
import {
  channelLogoUrl,
  type GuideDay,
  type GuideProgramme,
  type GuideRow,
  type GuideView,
  isAiring,
  programmeLabel,
  timeFormatter,
  timeRange,
} from './tvguide-model';

// Virtualized in both directions, by hand rather than with @tanstack/react-virtual: every row
// has the same height and time one scale, so what is in view is two divisions (guide-geometry),
// and both axes come from the one scroll event into one state update. TanStack's virtualizer
// handles one axis per instance over a list of items; our horizontal items are each row's own
// programmes of varying length, found by binary search, which it does not model, so it would
// only have replaced the vertical division while adding a dependency and a second scroll
// listener. The visible range is rounded to whole rows and whole hours (plus overscan), so a
// scroll re-renders only when it crosses one, and rows are memoized, so only rows whose slice
// changed render again.

/** Height of a channel row, in px. */
export const ROW_HEIGHT = 64;
/** Height of the sticky time header, in px. */
export const HEADER_HEIGHT = 40;
/** Width of one 15-minute column, in px: an hour is 240 px. */
export const COLUMN_WIDTH = 60;
const LABEL_WIDTH = 216;
const NARROW_LABEL_WIDTH = 132;
/** Rows rendered beyond the viewport above and below. */
const ROW_OVERSCAN = 3;
/** Pixels of time rendered beyond the viewport left and right (then rounded out to the hour). */
const TIME_OVERSCAN_PX = 4 * COLUMN_WIDTH;
/** The grid's box before it can be measured: a laptop's window less the page's chrome. */
const ASSUMED_VIEWPORT = { width: 1100, height: 640 };
/** The visible time range is rounded out to whole hours. */
const TIME_STEP_MS = 4 * QUARTER_HOUR_MS;
/** Below this width a block shows its start time only, not its start and end. */
const FULL_TIME_MIN_WIDTH = 170;
/** Below this width an airing block has no room for its "On now" tag (the ring stays). */
const ON_NOW_TAG_MIN_WIDTH = 120;

const SCHEME = COLOR_SCHEMES.default;
/** Not in React's attribute types, though React passes it through to the DOM. */
const ELEMENT_TIMING = { elementtiming: 'guide-programme' } as Record<string, string>;

/** The focused programme: the grid's single tab stop. */
interface Active {
  channel: string;
  programme: string;
}

/** What is in view, rounded (see the comment at the top). */
interface InView {
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

export interface GuideGridProps {
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

const sameInView = (a: InView, b: InView) =>
  a.rows.first === b.rows.first &&
  a.rows.last === b.rows.last &&
  a.times.from === b.times.from &&
  a.times.to === b.times.to &&
  a.topRow === b.topRow &&
  a.leftTime === b.leftTime &&
  a.moreLeft === b.moreLeft &&
  a.moreRight === b.moreRight;

const VERTICAL_KEYS: readonly GuideKey[] = ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'];

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

  const scroller = useRef<HTMLDivElement>(null);
  // Before the first measure (and in the server's markup, which has no box to measure): what a
  // common desktop window shows at the start of the day, so the page is not an empty grid until
  // the script runs. The first layout effect then scrolls to the view asked for and measures.
  const [inView, setInView] = useState<InView>(() => ({
    rows: visibleRows(0, ASSUMED_VIEWPORT.height, ROW_HEIGHT, rows.length, ROW_OVERSCAN),
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
    const timeWide = box.clientWidth - layout.labelWidth;
    const next: InView = {
      rows: visibleRows(box.scrollTop, rowsHigh, ROW_HEIGHT, rows.length, ROW_OVERSCAN),
      times: visibleTimes(axis, box.scrollLeft, timeWide, TIME_OVERSCAN_PX, TIME_STEP_MS),
      topRow: Math.min(Math.max(0, rows.length - 1), Math.floor(box.scrollTop / ROW_HEIGHT)),
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
  }, [axis, layout.labelWidth, rows.length, day.date]);

  // Rows, the axis or the column width changed: what is in view changed with them.
  useLayoutEffect(() => measure(), [measure]);

  // The view asked for: its instant at the left edge, or now a quarter of the way in. When the
  // view or the day changes (not when the filter does), and before paint, so the first frame
  // already shows the right hours. A view in a day still loading waits for that day's axis.
  const latest = useRef({ measure, labelWidth: layout.labelWidth });
  latest.current = { measure, labelWidth: layout.labelWidth };
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

  // ---- The tab stop and the keyboard --------------------------------------------------------

  const [chosen, setChosen] = useState<Active | null>(null);
  /** The instant consecutive up/down moves keep to (guide-keyboard). */
  const anchor = useRef<number | null>(null);
  /** A programme to focus once it has rendered (after a key moved to it). */
  const focusNext = useRef<string | null>(null);
  const rowOf = useMemo(() => new Map(rows.map((row, index) => [row.channel.id, index])), [rows]);

  /** The chosen programme while it is still in the grid, else the one at the view's top-left (or now). */
  const active = useMemo<Active | null>(() => {
    if (chosen) {
      const row = rows[rowOf.get(chosen.channel) ?? -1];
      if (row?.programmes.some((programme) => programme.id === chosen.programme)) return chosen;
    }
    const at = now >= inView.leftTime && now < day.to ? now : inView.leftTime;
    for (let index = Math.min(inView.topRow, rows.length); index < rows.length; index++) {
      const row = rows[index] as GuideRow;
      const found = programmeAt(row.programmes, at);
      if (found >= 0) {
        return { channel: row.channel.id, programme: (row.programmes[found] as GuideProgramme).id };
      }
    }
    return null;
  }, [chosen, rows, rowOf, inView.topRow, inView.leftTime, now, day.to]);

  useLayoutEffect(() => {
    const id = focusNext.current;
    if (id === null || active?.programme !== id) return;
    focusNext.current = null;
    scroller.current
      ?.querySelector<HTMLElement>(`[data-programme-id="${CSS.escape(id)}"]`)
      ?.focus({ preventScroll: true });
  });

  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;

  const activate = useCallback((channel: string, programme: string) => {
    setChosen((current) =>
      current?.channel === channel && current.programme === programme
        ? current
        : { channel, programme },
    );
  }, []);

  const open = useCallback(
    (channel: string, programmeId: string) => {
      const row = rows[rowOf.get(channel) ?? -1];
      const programme = row?.programmes.find((one) => one.id === programmeId);
      anchor.current = null;
      activate(channel, programmeId);
      if (row && programme) onOpenRef.current(programme, row.channel);
    },
    [rows, rowOf, activate],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-programme-id]');
    const box = scroller.current;
    if (!cell || !box) return;
    const channel = cell.dataset.channelId ?? '';
    const programmeId = cell.dataset.programmeId ?? '';
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(channel, programmeId);
      return;
    }
    if (!isGuideKey(event.key)) return;
    const rowIndex = rowOf.get(channel);
    const index = rows[rowIndex ?? -1]?.programmes.findIndex((one) => one.id === programmeId);
    if (rowIndex === undefined || index === undefined || index < 0) return;
    event.preventDefault();
    const vertical = VERTICAL_KEYS.includes(event.key);
    const move = moveFocus(rows, { row: rowIndex, index }, event.key, {
      pageRows: Math.max(1, Math.floor((box.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1),
      ctrl: event.ctrlKey || event.metaKey,
      anchor: vertical ? (anchor.current ?? undefined) : undefined,
      windowFrom: day.from,
    });
    anchor.current = vertical ? move.anchor : null;
    const row = rows[move.position.row];
    const target = row?.programmes[move.position.index];
    if (!row || !target) return;
    const block = blockOf(axis, target.start, target.end);
    const scroll = scrollToReveal(
      {
        scrollTop: box.scrollTop,
        scrollLeft: box.scrollLeft,
        width: box.clientWidth,
        height: box.clientHeight,
      },
      layout,
      { row: move.position.row, left: block.left, width: block.width },
    );
    box.scrollTop = scroll.scrollTop;
    box.scrollLeft = scroll.scrollLeft;
    focusNext.current = target.id;
    activate(row.channel.id, target.id);
    // Already rendered (the usual case): focus now rather than after the next render.
    const rendered = box.querySelector<HTMLElement>(
      `[data-programme-id="${CSS.escape(target.id)}"]`,
    );
    if (rendered) {
      focusNext.current = null;
      rendered.focus({ preventScroll: true });
    }
  };

  // ---- Rendering ----------------------------------------------------------------------------

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

interface GuideGridRowProps {
  row: GuideRow;
  rowIndex: RowIndex;
  /** The row's place in the (filtered) grid, from 0. */
  index: number;
  width: number;
  axis: GuideAxis;
  labelWidth: number;
  /** The stretch of time rendered. */
  from: number;
  to: number;
  /** The tab stop, when it is in this row. */
  activeId: string | null;
  now: number;
  format: (epochMs: number) => string;
  columns: number;
  onActivate: (channel: string, programme: string) => void;
  onOpen: (channel: string, programme: string) => void;
}

/** One channel: its sticky header cell and the programmes intersecting the rendered time. */
const GuideGridRow = memo(function GuideGridRow({
  row,
  rowIndex,
  index,
  width,
  axis,
  labelWidth,
  from,
  to,
  activeId,
  now,
  format,
  columns,
  onActivate,
  onOpen,
}: GuideGridRowProps) {
  const t = messages();
  const slice = visibleSlice(row.programmes, rowIndex, from, to);
  // The tab stop renders even when scrolled out of the slice.
  if (activeId !== null && !slice.some((programme) => programme.id === activeId)) {
    const active = row.programmes.find((programme) => programme.id === activeId);
    if (active) {
      slice.push(active);
      slice.sort((a, b) => a.start - b.start);
    }
  }
  const { channel } = row;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={classes.row}
      style={{ top: index * ROW_HEIGHT, width }}
      data-channel-row={channel.id}
    >
      <div role="rowheader" aria-colindex={1} className={classes.channel}>
        <ChannelMark channel={channel} />
        <div className={classes.channelText}>
          <span className={classes.channelName}>{channel.name}</span>
          <span className={classes.channelNumber}>{t.tvguide.channelNumber(channel.number)}</span>
        </div>
      </div>
      {row.programmes.length === 0 && (
        <div
          role="gridcell"
          aria-colindex={2}
          aria-colspan={columns}
          className={classes.empty}
          style={{ left: labelWidth }}
        >
          {row.pending ? t.tvguide.loadingProgrammes : t.tvguide.nothingScheduled}
        </div>
      )}
      {slice.map((programme) => (
        <ProgrammeCell
          key={programme.id}
          programme={programme}
          channel={channel}
          axis={axis}
          labelWidth={labelWidth}
          active={programme.id === activeId}
          airing={isAiring(programme, now)}
          label={programmeLabel(programme, channel.name, format, now)}
          format={format}
          onActivate={onActivate}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
});

/** The channel's logo, or its number in a tile edged with its colour. */
function ChannelMark({ channel }: { channel: GuideChannel }) {
  const logo = channelLogoUrl(channel);
  if (logo) {
    return (
      <img
        className={classes.logo}
        src={logo}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      className={classes.logoFallback}
      style={{ boxShadow: `inset 0 0 0 2px ${channel.color || 'var(--guide-hour-line)'}` }}
      aria-hidden
    >
      {channel.number}
    </span>
  );
}

interface ProgrammeCellProps {
  programme: GuideProgramme;
  channel: GuideChannel;
  axis: GuideAxis;
  labelWidth: number;
  active: boolean;
  airing: boolean;
  label: string;
  format: (epochMs: number) => string;
  onActivate: (channel: string, programme: string) => void;
  onOpen: (channel: string, programme: string) => void;
}

/** A programme's block: coloured by category, its title and times, ringed while it airs. */
function ProgrammeCell({
  programme,
  channel,
  axis,
  labelWidth,
  active,
  airing,
  label,
  format,
  onActivate,
  onOpen,
}: ProgrammeCellProps) {
  const t = messages();
  const block = blockOf(axis, programme.start, programme.end);
  const clippedStart = Math.max(programme.start, axis.from);
  const clippedEnd = Math.min(programme.end, axis.to);
  const showRange = block.width >= FULL_TIME_MIN_WIDTH;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter and Space are handled by the grid's onKeyDown for whichever cell has the focus.
    <div
      role="gridcell"
      tabIndex={active ? 0 : -1}
      aria-colindex={columnIndex(axis, clippedStart) + 2}
      aria-colspan={Math.max(1, Math.ceil((clippedEnd - clippedStart) / QUARTER_HOUR_MS))}
      aria-label={label}
      className={classes.programme}
      data-programme-id={programme.id}
      data-channel-id={channel.id}
      data-airing={airing || undefined}
      data-clipped-start={block.clippedStart || undefined}
      data-clipped-end={block.clippedEnd || undefined}
      style={
        {
          '--cell-x': `${block.left + 1}px`,
          left: labelWidth + block.left + 1,
          width: Math.max(4, block.width - 2),
          background: barColor(SCHEME, programme.show.category || undefined),
          color: SCHEME.text,
        } as CSSProperties
      }
      onClick={() => onOpen(channel.id, programme.id)}
      onFocus={() => onActivate(channel.id, programme.id)}
    >
      {/* elementtiming: the browser reports when this text first paints (Element Timing API);
          bench/guide-render reads it as the guide's time to first render. */}
      <span className={classes.programmeTitle} {...ELEMENT_TIMING}>
        {airing && block.width >= ON_NOW_TAG_MIN_WIDTH && (
          <span className={classes.onNow}>{t.tvguide.onNow}</span>
        )}
        {programme.show.title}
      </span>
      <span className={classes.programmeTime}>
        {showRange ? timeRange(programme, format) : format(programme.start)}
      </span>
    </div>
  );
}
