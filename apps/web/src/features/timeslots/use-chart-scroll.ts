import { useEffect, useRef } from 'react';
import type { TimelineBar } from '../../ui/timeline';
import { PANEL_WIDTH } from './timeslot-panel';
import { type ScheduleWindow, scrollTarget } from './timeslots-model';

/**
 * Where the chart is scrolled: each window opens at now, or at its first timeslot, rather than
 * at midnight, and the `selected` bar is outlined and kept in sight left of the side panel.
 * The returned ref goes on the box holding the chart.
 */
export function useChartScroll(
  bars: readonly TimelineBar[] | undefined,
  view: ScheduleWindow,
  tab: string | null,
  selected: string | null,
) {
  const chartBox = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef('');
  useEffect(() => {
    const section = chartBox.current?.querySelector('section');
    const track = chartBox.current?.querySelector<HTMLElement>('[data-track]');
    const key = `${view.from}/${view.to}/${tab}`;
    if (!bars || !section || !track || scrolledFor.current === key) return;
    scrolledFor.current = key;
    const target = scrollTarget(view.from, view.to, Date.now(), bars);
    if (target === null) return;
    const visible =
      section.clientWidth -
      (track.getBoundingClientRect().left -
        section.getBoundingClientRect().left +
        section.scrollLeft);
    const x = ((target - view.from) / (view.to - view.from)) * track.clientWidth;
    section.scrollLeft = Math.max(0, x - visible * 0.1);
  }, [bars, view, tab]);

  // The selected bar is outlined and stays in sight, left of the side panel, when the chart
  // can scroll.
  useEffect(() => {
    if (!selected) return;
    const section = chartBox.current?.querySelector('section');
    const bar = chartBox.current?.querySelector<HTMLElement>(`[data-bar-id="${selected}"]`);
    bar?.setAttribute('data-selected', 'true');
    if (!section || !bar) return () => bar?.removeAttribute('data-selected');
    const overlap = bar.getBoundingClientRect().right - (window.innerWidth - PANEL_WIDTH - 16);
    if (overlap > 0) section.scrollLeft += overlap;
    return () => bar.removeAttribute('data-selected');
  }, [selected]);

  return chartBox;
}
