/**
 * The thin marks at the foot of a row (a channel's breaks on the timeslots page): which of them
 * each row draws, and how full each one looks. Pure, so the rules are tested without a browser.
 */
import type { TimelineMark } from './types';

/** How full a mark is: nothing in it, some of it used, none of it left. */
export type MarkLevel = 'empty' | 'some' | 'full';

/** The narrowest a mark is drawn (the CSS `min-width` of `.mark`): a 3-second break still shows. */
export const MIN_MARK_PX = 3;

/**
 * A mark's colour by level. Each keeps 3:1 (WCAG's contrast for graphics) against the page's
 * background in the light and the dark scheme, since the marks sit on it rather than on a bar;
 * grey, blue and orange stay apart for the common colour blindnesses.
 */
export const MARK_COLORS: Readonly<Record<MarkLevel, string>> = {
  empty: '#868e96',
  some: '#228be6',
  full: '#e8590c',
};

/** The level of a fill (0 to 1): empty at 0 (or no number), full from 1, some between. */
export function markLevel(fill: number): MarkLevel {
  if (!(fill > 0)) return 'empty';
  return fill >= 1 ? 'full' : 'some';
}

/**
 * A mark's background: its level's colour, except a mark in part used, whose used share is
 * drawn from its left edge over the empty colour, as spots are laid from a break's start. The
 * used share is at least 2 px, so a spot in a long gap still shows.
 */
export function markBackground(fill: number): string {
  const level = markLevel(fill);
  if (level !== 'some') return MARK_COLORS[level];
  const percent = Math.round(fill * 1000) / 10;
  return `linear-gradient(90deg, ${MARK_COLORS.some} max(2px, ${percent}%), ${MARK_COLORS.empty} 0)`;
}

/**
 * The marks each row draws in the window [from, to), each row's in start order. A row whose
 * marks read the same as in `previous` (the last grouping) keeps that array, so its memoised
 * row does not draw again when the owner passes equal marks anew (a refetch that found no
 * change, or a change on another row).
 */
export function marksByRow(
  marks: readonly TimelineMark[],
  from: number,
  to: number,
  previous: ReadonlyMap<string, readonly TimelineMark[]> = new Map(),
): Map<string, readonly TimelineMark[]> {
  const byRow = new Map<string, TimelineMark[]>();
  for (const mark of marks) {
    if (!(mark.start < to && mark.start + mark.durationSec * 1000 > from)) continue;
    const list = byRow.get(mark.rowId);
    if (list) list.push(mark);
    else byRow.set(mark.rowId, [mark]);
  }
  const grouped = new Map<string, readonly TimelineMark[]>();
  for (const [rowId, list] of byRow) {
    list.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const before = previous.get(rowId);
    grouped.set(rowId, before && sameMarks(before, list) ? before : list);
  }
  return grouped;
}

function sameMarks(a: readonly TimelineMark[], b: readonly TimelineMark[]): boolean {
  return (
    a.length === b.length &&
    a.every((mark, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        mark.id === other.id &&
        mark.rowId === other.rowId &&
        mark.start === other.start &&
        mark.durationSec === other.durationSec &&
        mark.fill === other.fill &&
        mark.label === other.label
      );
    })
  );
}
