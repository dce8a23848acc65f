import type { ChangeMode } from '@airgrid/domain';
import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type DragKind, dragPreview, TOOLTIP_DELAY_MS, VALIDATION_DEBOUNCE_MS } from './geometry';
import { applyGesture, keyGesture } from './gesture';
import { createStore } from './store';
import type { TimelineActions } from './timeline-context';
import type { TimelineBar, TimelineProps } from './types';

// What the chart does with a pointer, a key or a hover on a bar: the drag session and its ghost,
// the gesture it commits on release, the tooltip's delay. The chart's JSX is in timeline.tsx.

/** A pointer must travel this far before a press becomes a drag (a click otherwise). */
const DRAG_THRESHOLD_PX = 3;

/** The ghost of a drag in progress, where the bar lands on release. */
export interface Ghost {
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

/** The chart's latest props and its bars by row, read by handlers that never change. */
interface TimelineLatest {
  props: TimelineProps;
  barsByRow: Map<string, TimelineBar[]>;
  rowIndexById: Map<string, number>;
}

/**
 * The chart's gestures: one stable `actions` object for its bars, the store the ghost of a
 * drag subscribes to, the bar being dragged and the bar whose tooltip shows.
 */
export function useTimelineGestures(latest: RefObject<TimelineLatest>) {
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
  }, [ghostStore, latest]);

  // A chart unmounted mid-drag leaves no listeners or timers behind.
  useEffect(
    () => () => {
      session.current?.cleanup();
      window.clearTimeout(hoverTimer.current);
      window.clearTimeout(validateTimer.current);
    },
    [],
  );

  return { actions, ghostStore, dragging, tooltip };
}
