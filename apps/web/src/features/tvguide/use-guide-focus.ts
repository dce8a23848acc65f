import type { GuideChannel } from '@airgrid/schema';
import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { blockOf, type GridLayout, type GuideAxis, scrollToReveal } from './guide-geometry';
import { HEADER_HEIGHT, ROW_HEIGHT } from './guide-grid-sizes';
import { type GuideKey, isGuideKey, moveFocus, programmeAt } from './guide-keyboard';
import type { GuideDay, GuideProgramme, GuideRow } from './tvguide-model';
import type { InView } from './use-guide-scroll';

/** The focused programme: the grid's single tab stop. */
interface Active {
  channel: string;
  programme: string;
}

const VERTICAL_KEYS: readonly GuideKey[] = ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'];

/** The grid the tab stop moves over, and what opening a programme does. */
interface GuideFocusGrid {
  rows: readonly GuideRow[];
  day: GuideDay;
  now: number;
  axis: GuideAxis;
  layout: GridLayout;
  onOpen: (programme: GuideProgramme, channel: GuideChannel) => void;
}

/**
 * The guide grid's single tab stop and its keyboard: the programme chosen (else the one at the
 * view's top-left, or on now), the arrow keys between programmes, Enter and Space to open one.
 */
export function useGuideFocus(
  { rows, day, now, axis, layout, onOpen }: GuideFocusGrid,
  { inView, scroller }: { inView: InView; scroller: RefObject<HTMLDivElement | null> },
) {
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

  return { active, rowOf, activate, open, onKeyDown };
}
