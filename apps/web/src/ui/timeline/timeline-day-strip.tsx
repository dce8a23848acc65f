import { memo, useMemo } from 'react';
import { countFits, dayCells, summariseDays } from './day-summary';
import { spanToPercent } from './geometry';
import classes from './timeline.module.css';
import type { DaySummaryOptions, TimelineBar } from './types';

/**
 * The day strip under the axis: a button a local day, its count of bars (where the digits fit)
 * over a heat bar as full as the day is; a click opens the day.
 */
export const DayStrip = memo(function DayStrip({
  options,
  bars,
  rowCount,
  from,
  to,
  timeZone,
  trackPx,
}: {
  options: DaySummaryOptions;
  bars: readonly TimelineBar[];
  rowCount: number;
  from: number;
  to: number;
  timeZone: string;
  trackPx: number;
}) {
  const days = useMemo(
    () => summariseDays(dayCells(from, to, timeZone), bars, rowCount),
    [from, to, timeZone, bars, rowCount],
  );
  return (
    <div className={classes.dayStrip} data-testid="timeline-days">
      <div className={classes.corner}>
        <span className={classes.dayStripTitle}>{options.title}</span>
      </div>
      <div className={classes.axis}>
        {days.map((day) => {
          const { left, width } = spanToPercent(day.start, (day.end - day.start) / 1000, from, to);
          const cellPx = trackPx === 0 ? Number.POSITIVE_INFINITY : (width / 100) * trackPx;
          const counted = countFits(cellPx, day.count);
          return (
            <button
              key={day.date}
              type="button"
              className={classes.dayCell}
              data-date={day.date}
              data-count={day.count}
              // A quarter's days are a few pixels each: heat alone, without a comb of borders.
              data-compact={countFits(cellPx, 99) ? undefined : 'true'}
              aria-label={options.describe(day.date, day.count)}
              title={options.describe(day.date, day.count)}
              style={{ left: `${left}%`, width: `${width}%` }}
              onClick={() => options.onOpen(day.date)}
            >
              {counted && day.count > 0 && <span className={classes.dayCount}>{day.count}</span>}
              <span
                className={classes.dayHeat}
                aria-hidden="true"
                style={{ opacity: day.count === 0 ? 0 : 0.2 + 0.8 * day.load }}
              />
            </button>
          );
        })}
      </div>
    </div>
  );
});
