import type { ChangeMode, Clock } from '@airgrid/domain';
import type { ColorBy, ColorSchemeName } from './color-schemes';
import type { Precision } from './geometry';

/** A row of the chart (a channel on the timeslots page, an item on the equipment calendar). */
export interface TimelineRow {
  id: string;
  label: string;
  sublabel?: string;
  /**
   * The row's own colour (`#rrggbb`, a channel's), for bars coloured by row: used when it keeps
   * the scheme's text readable, else the scheme picks one (`rowColors`).
   */
  color?: string;
}

/** A bar of the chart (a timeslot): a span on one row. */
export interface TimelineBar {
  id: string;
  rowId: string;
  /** Start instant, epoch milliseconds. */
  start: number;
  durationSec: number;
  /** The show's title. */
  label: string;
  /** Picks the bar's colour in the scheme; the same category always gets the same colour. */
  category?: string;
  /** Immobile: cannot be dragged, resized or pushed. */
  locked?: boolean;
  /** Bars of a bundle on the same row move together. */
  bundle?: string;
  /**
   * The bar's own background (`#rrggbb`), in place of its category's colour in the scheme:
   * a status colour, say. It must keep the scheme's text at 4.5:1.
   */
  color?: string;
  /**
   * The bar no longer happens (a cancelled timeslot) but stays in sight: drawn hatched and
   * struck through, never dragged, resized or pushed, and left out of every overlap check.
   */
  cancelled?: boolean;
  /**
   * A word for the bar's state, in the owner's vocabulary ("Cancelled"): screen readers hear it
   * after the bar's times and the tooltip shows it under the title.
   */
  status?: string;
}

/**
 * A thin mark at the foot of a row, under its bars (a break on the timeslots page): a span and
 * how full it is. Marks take no part in gestures: a bar is never dragged by one.
 */
export interface TimelineMark {
  id: string;
  rowId: string;
  /** Start instant, epoch milliseconds. */
  start: number;
  /** Drawn at least a few pixels wide, so a 3-second mark still shows. */
  durationSec: number;
  /** How full, 0 (empty) to 1 (full): picks its colour (`markLevel`). */
  fill: number;
  /** The tooltip and what screen readers hear, in the owner's words. */
  label: string;
  /**
   * Shown and hovered, but not announced: a mark that adds nothing a screen reader's user
   * needs to hear a hundred times a day (an empty quarter hour with nothing scheduled).
   */
  quiet?: boolean;
}

/** A bar's new span after a gesture. */
export interface TimelineChange {
  id: string;
  rowId: string;
  start: number;
  durationSec: number;
}

/** Why a gesture was refused: it would overlap the blocking bar, or move a locked one. */
export type RefusalReason = 'overlap' | 'locked';

/** The MIME type a side list puts on a dragged show for {@link TimelineProps.onDropShow}. */
export const SHOW_DRAG_TYPE = 'application/x-airgrid-show';

export interface TimelineProps {
  rows: readonly TimelineRow[];
  bars: readonly TimelineBar[];
  /** Thin marks at the foot of the rows, coloured by how full they are; none by default. */
  marks?: readonly TimelineMark[];
  /** The visible window, epoch ms: `to` must be after `from`. */
  from: number;
  to: number;
  /** The axis unit; anything but hour, day, date, week or month throws. Default day. */
  precision?: Precision;
  /** push: neighbours shift out of the way; no-overlap: an overlapping gesture reverts. */
  mode?: ChangeMode;
  colorScheme?: ColorSchemeName;
  /**
   * What picks a bar's colour in the scheme: its category (the default), or its row (each
   * channel its own colour, `rowColors`). A bar's own `color` wins either way.
   */
  colorBy?: ColorBy;
  /** The zone the axis, tooltips and bar labels read times in. Default UTC. */
  timeZone?: string;
  /** The clock the axis, labels, tooltips and screen-reader text use: 12-hour by default. */
  clock?: Clock;
  /** Default 40 px (seed-spec §9). */
  rowHeight?: number;
  /** Width of the row label column, default 150 px (seed-spec §9). */
  labelWidth?: number;
  /**
   * The narrowest a cell gets before the track scrolls sideways; by default the precision's
   * (`MIN_CELL_PX`: a day 150 px). A read-only week of few bars may fit in less.
   */
  minCellWidth?: number;
  /** The current instant for the now-line; by default the clock, re-read every 30 s. */
  now?: number;
  /** Accessible name of the chart. */
  'aria-label'?: string;
  /**
   * Once per completed gesture, with every bar that changed (pushed neighbours included).
   * Without it the chart is read-only: no dragging, no resize handles, no arrow-key moves.
   */
  onChange?: (changes: TimelineChange[]) => void;
  /** A gesture was refused and nothing changed. */
  onRefused?: (reason: RefusalReason, blockingId: string) => void;
  /** A bar was clicked (pressed and released without dragging) or Enter was pressed on it. */
  onBarClick?: (id: string) => void;
  /**
   * A strip under the axis, one cell a local day: how many bars start that day and how full it
   * is across the rows, for precisions where bars are too thin to read. Each cell is a button
   * that calls `onOpen` with its date (YYYY-MM-DD in `timeZone`). Not drawn at hour precision.
   */
  daySummary?: DaySummaryOptions;
  /** An item dragged from elsewhere with a {@link SHOW_DRAG_TYPE} payload was dropped. */
  onDropShow?: (rowId: string, start: number, payload: string) => void;
}

/** The day strip's words and what a click on a day does (the chart has no vocabulary of its own). */
export interface DaySummaryOptions {
  onOpen: (date: string) => void;
  /** The strip's heading, in the label column. */
  title: string;
  /** A cell's accessible name, from its date (YYYY-MM-DD) and count: "Open Tue 10 March: 4 timeslots". */
  describe: (date: string, count: number) => string;
}
