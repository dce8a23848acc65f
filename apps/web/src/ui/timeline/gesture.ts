/**
 * What a completed gesture does to a row: the domain's `moveBar`/`resizeBar` on the bars of the
 * bar's row, in the chart's mode, turned into the changes the chart reports. Kept apart from
 * the component so the rules are tested without a browser.
 */
import { type ChangeMode, moveBar, QUARTER_HOUR_MS, resizeBar } from '@airgrid/domain';
import type { DragKind } from './geometry';
import type { RefusalReason, TimelineBar, TimelineChange } from './types';

export type GestureOutcome =
  | { kind: 'changed'; changes: TimelineChange[] }
  | { kind: 'refused'; reason: RefusalReason; blocking: string }
  | { kind: 'unchanged' };

/**
 * Moves the bar (kind `move`, to start at `instant`) or one of its edges (kind `start`/`end`,
 * to `instant`) among `rowBars`, which must include the bar. Instants snap to 15 minutes.
 */
export function applyGesture(
  rowBars: readonly TimelineBar[],
  bar: TimelineBar,
  kind: DragKind,
  instant: number,
  mode: ChangeMode,
): GestureOutcome {
  const result =
    kind === 'move'
      ? moveBar(rowBars, bar.id, instant, mode)
      : resizeBar(rowBars, bar.id, kind, instant, mode);
  if (!result.ok) return { kind: 'refused', reason: result.reason, blocking: result.blocking };
  if (result.changed.length === 0) return { kind: 'unchanged' };
  return {
    kind: 'changed',
    changes: result.changed.map(({ id, rowId, start, durationSec }) => ({
      id,
      rowId,
      start,
      durationSec,
    })),
  };
}

/** A keyboard gesture: which part of the bar moves and to which instant. */
export interface KeyGesture {
  kind: DragKind;
  instant: number;
}

/**
 * ArrowLeft/ArrowRight move the bar by 15 minutes; with Shift they move its end (resize).
 * Any other key is not a gesture.
 */
export function keyGesture(
  key: string,
  shiftKey: boolean,
  bar: Pick<TimelineBar, 'start' | 'durationSec'>,
): KeyGesture | null {
  const step = key === 'ArrowRight' ? QUARTER_HOUR_MS : key === 'ArrowLeft' ? -QUARTER_HOUR_MS : 0;
  if (step === 0) return null;
  if (shiftKey) return { kind: 'end', instant: bar.start + bar.durationSec * 1000 + step };
  return { kind: 'move', instant: bar.start + step };
}
