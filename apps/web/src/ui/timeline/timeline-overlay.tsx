import type { Clock } from '@airgrid/domain';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { formatBarTimes, spanToPercent, tooltipLines } from './geometry';
import type { Store } from './store';
import classes from './timeline.module.css';
import { placeTooltip } from './tooltip-placement';
import type { TimelineBar } from './types';
import type { Ghost } from './use-timeline-gestures';

// What the chart draws over its rows: the ghost of a drag, and a bar's tooltip.

export function GhostView({
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
export function Tooltip({
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
