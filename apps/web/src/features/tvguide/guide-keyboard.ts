import type { Interval } from './guide-geometry';

// Moving the focus around the guide grid with the keyboard (WAI-ARIA grid pattern): left and
// right within a channel, up and down to what airs at the same time on the next channel with
// anything on, Home/End along a row (with Ctrl: the first or last programme of the guide),
// PageUp/PageDown a screenful of channels at a time.

/** The focused programme: a row of the (filtered) grid and an index in its programmes. */
export interface GridPosition {
  row: number;
  index: number;
}

/** The keys the grid moves on. */
const GUIDE_KEYS = [
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
] as const;
export type GuideKey = (typeof GUIDE_KEYS)[number];

export function isGuideKey(key: string): key is GuideKey {
  return (GUIDE_KEYS as readonly string[]).includes(key);
}

export interface MoveOptions {
  /** Rows one PageUp/PageDown moves: about a screenful. */
  pageRows: number;
  /** Ctrl (or Cmd) held: Home/End go to the first or last programme of the whole grid. */
  ctrl?: boolean;
  /**
   * The instant up/down keeps to. Kept across consecutive vertical moves, so passing a short
   * programme on the way does not drag the focus sideways; defaults to where the focused
   * programme starts, or the window's start when it began before it.
   */
  anchor?: number;
  /** The window's start: a programme that began before it is anchored at it. */
  windowFrom: number;
}

/** Where a move lands, and the instant later vertical moves keep to. */
export interface Move {
  position: GridPosition;
  anchor: number;
}

/**
 * The programme of a start-sorted row airing at `instant`, or when the row has a gap there the
 * nearer of the two around it (the earlier on a tie); -1 for an empty row.
 */
export function programmeAt(programmes: readonly Interval[], instant: number): number {
  if (programmes.length === 0) return -1;
  // The last programme starting at or before the instant.
  let lo = 0;
  let hi = programmes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((programmes[mid] as Interval).start <= instant) lo = mid + 1;
    else hi = mid;
  }
  const before = lo - 1;
  if (before < 0) return 0;
  const candidate = programmes[before] as Interval;
  if (candidate.end > instant) return before;
  // A nested overlap can hide an earlier programme still airing: look back for one.
  for (let i = before - 1; i >= 0; i--) {
    if ((programmes[i] as Interval).end > instant) return i;
  }
  const after = before + 1;
  if (after >= programmes.length) return before;
  const gapBefore = instant - candidate.end;
  const gapAfter = (programmes[after] as Interval).start - instant;
  return gapAfter < gapBefore ? after : before;
}

/** The nearest row at or beyond `from`, stepping by `direction`, that has programmes; -1 if none. */
function nonEmptyRow(
  rows: readonly { programmes: readonly Interval[] }[],
  from: number,
  direction: 1 | -1,
): number {
  for (let row = from; row >= 0 && row < rows.length; row += direction) {
    if ((rows[row]?.programmes.length ?? 0) > 0) return row;
  }
  return -1;
}

/**
 * Where a key moves the focus from `at`. Edges hold: a move past the first or last programme or
 * channel stays put. Rows with nothing on are passed over.
 */
export function moveFocus(
  rows: readonly { programmes: readonly Interval[] }[],
  at: GridPosition,
  key: GuideKey,
  options: MoveOptions,
): Move {
  const current = rows[at.row]?.programmes[at.index];
  const anchor =
    options.anchor ?? (current ? Math.max(current.start, options.windowFrom) : options.windowFrom);
  const stay: Move = { position: at, anchor };
  if (!current) return stay;
  const count = rows[at.row]?.programmes.length ?? 0;
  const here = (index: number): Move => {
    const programme = rows[at.row]?.programmes[index] as Interval;
    return {
      position: { row: at.row, index },
      anchor: Math.max(programme.start, options.windowFrom),
    };
  };
  const toRow = (row: number): Move => {
    if (row < 0 || row === at.row) return stay;
    const index = programmeAt(rows[row]?.programmes ?? [], anchor);
    return { position: { row, index }, anchor };
  };

  switch (key) {
    case 'ArrowLeft':
      return at.index > 0 ? here(at.index - 1) : stay;
    case 'ArrowRight':
      return at.index < count - 1 ? here(at.index + 1) : stay;
    case 'ArrowUp':
      return toRow(nonEmptyRow(rows, at.row - 1, -1));
    case 'ArrowDown':
      return toRow(nonEmptyRow(rows, at.row + 1, 1));
    case 'Home': {
      if (!options.ctrl) return here(0);
      const row = nonEmptyRow(rows, 0, 1);
      return row < 0 ? stay : edgeOf(rows, row, 0, options.windowFrom);
    }
    case 'End': {
      if (!options.ctrl) return here(count - 1);
      const row = nonEmptyRow(rows, rows.length - 1, -1);
      const last = (rows[row]?.programmes.length ?? 1) - 1;
      return row < 0 ? stay : edgeOf(rows, row, last, options.windowFrom);
    }
    case 'PageUp':
    case 'PageDown': {
      const direction = key === 'PageDown' ? 1 : -1;
      const target = Math.min(
        rows.length - 1,
        Math.max(0, at.row + direction * Math.max(1, options.pageRows)),
      );
      // The page's row, or the nearest one with programmes on the way back towards the focus.
      const row =
        (rows[target]?.programmes.length ?? 0) > 0
          ? target
          : nonEmptyRow(rows, target, direction === 1 ? -1 : 1);
      return toRow(row);
    }
  }
}

function edgeOf(
  rows: readonly { programmes: readonly Interval[] }[],
  row: number,
  index: number,
  windowFrom: number,
): Move {
  const programme = rows[row]?.programmes[index] as Interval;
  return { position: { row, index }, anchor: Math.max(programme.start, windowFrom) };
}
