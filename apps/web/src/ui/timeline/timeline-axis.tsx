import { memo, useEffect, useState } from 'react';
import { firstNow } from '../../lib/page-clock';
import { type Axis, spanToPercent, timeToFraction } from './geometry';
import classes from './timeline.module.css';

// The chart's time axis: its ticks over the rows, their lines through the rows, and the line of
// the current instant.

const NOW_REFRESH_MS = 30_000;

export const AxisHeader = memo(function AxisHeader({
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

export const GridLines = memo(function GridLines({
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

export function NowLine({ from, to, now }: { from: number; to: number; now: number | undefined }) {
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
