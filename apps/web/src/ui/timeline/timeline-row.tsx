import { memo, useLayoutEffect, useMemo, useState } from 'react';
import { flowMargins } from './bar-flow';
import { cancelledUnderneath } from './bar-layout';
import { spanToPercent } from './geometry';
import { MIN_MARK_PX, markBackground, markLevel } from './marks';
import classes from './timeline.module.css';
import { TimelineBarView } from './timeline-bar';
import { useTimelineConfig } from './timeline-context';
import type { TimelineBar, TimelineMark, TimelineRow } from './types';

interface TimelineRowViewProps {
  row: TimelineRow;
  bars: readonly TimelineBar[];
  /** The row's marks in the window, in start order (`marksByRow`). */
  marks: readonly TimelineMark[];
  from: number;
  to: number;
  draggingId: string | null;
  /** The colour the row's bars share when bars are coloured by row: shown beside its name. */
  swatch?: string;
  /** The row is drawn beyond the screen's edge (the overscan): it may draw in two halves. */
  offScreen: boolean;
}

/**
 * One row: its label and the bars of the window, flowing side by side (bar-flow.ts), and its
 * marks in a strip along the track's foot, under the bars and clear of them.
 *
 * A row that scrolls into the overscan draws the first half of its bars at once and the rest
 * a frame later: a row of a week is 170 bars, and scrolling down meets a new row every 40 px,
 * so drawing it whole made every other frame hold a whole row's work and the frames between
 * hold none. It is off screen, so the half is never seen. A row drawn on screen (opening the
 * chart, a jump) draws whole.
 */
export const TimelineRowView = memo(function TimelineRowView({
  row,
  bars,
  marks,
  from,
  to,
  draggingId,
  swatch,
  offScreen,
}: TimelineRowViewProps) {
  const { trackPx } = useTimelineConfig();
  const whole = useWholeAfterAFrame(!offScreen);
  const { shown, margins, underneath } = useMemo(() => {
    const shown = bars.filter((bar) => bar.start < to && bar.start + bar.durationSec * 1000 > from);
    const spans = shown.map((bar) => spanToPercent(bar.start, bar.durationSec, from, to));
    return {
      shown,
      margins: flowMargins(spans, trackPx),
      underneath: cancelledUnderneath(shown),
    };
  }, [bars, from, to, trackPx]);
  const markPlaces = useMemo(() => {
    const spans = marks.map((mark) => spanToPercent(mark.start, mark.durationSec, from, to));
    const margins = flowMargins(spans, trackPx, MIN_MARK_PX);
    return spans.map((span, index) => ({ marginLeft: margins[index], width: `${span.width}%` }));
  }, [marks, from, to, trackPx]);
  return (
    <div className={classes.row} data-row-id={row.id}>
      <div className={classes.rowLabel}>
        <span className={classes.rowTitle}>
          {swatch && <span className={classes.swatch} style={{ background: swatch }} />}
          {row.label}
        </span>
        {row.sublabel && <span className={classes.rowSublabel}>{row.sublabel}</span>}
      </div>
      <div className={classes.track} data-track="" data-row-id={row.id}>
        {(whole ? shown : shown.slice(0, Math.ceil(shown.length / 2))).map((bar, index) => (
          <TimelineBarView
            key={bar.id}
            bar={bar}
            marginLeft={margins[index] as string}
            dragging={bar.id === draggingId}
            underneath={underneath.has(bar.id)}
          />
        ))}
        {marks.length > 0 && (
          // One positioned strip a row, its marks flowing in it as the bars do (bar-flow.ts):
          // a day of 15-minute gaps is a hundred marks, and none of them gets a paint layer.
          <div className={classes.marks}>
            {marks.map((mark, index) => {
              const look = {
                className: classes.mark,
                'data-mark-id': mark.id,
                'data-level': markLevel(mark.fill),
                title: mark.label,
                style: { ...markPlaces[index], background: markBackground(mark.fill) },
              };
              return mark.quiet ? (
                <span key={mark.id} aria-hidden {...look} />
              ) : (
                <span key={mark.id} role="img" aria-label={mark.label} {...look} />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}, sameRowProps);

/**
 * False on the first render unless `startWhole`, then true from the next animation frame on:
 * the frame that lays out the first half of a row goes by before the second half is drawn.
 */
function useWholeAfterAFrame(startWhole: boolean): boolean {
  const [whole, setWhole] = useState(startWhole);
  // A layout effect asks for the frame as the half commits; a passive effect may run only
  // after the next frame, and the second half would then land with the next row's first.
  useLayoutEffect(() => {
    if (whole) return;
    const frame = requestAnimationFrame(() => setWhole(true));
    return () => cancelAnimationFrame(frame);
  }, [whole]);
  return whole;
}

/** Whether a row is on screen matters only when it mounts: its crossing the edge is no change. */
function sameRowProps(previous: TimelineRowViewProps, next: TimelineRowViewProps): boolean {
  return (
    previous.row === next.row &&
    previous.bars === next.bars &&
    previous.marks === next.marks &&
    previous.from === next.from &&
    previous.to === next.to &&
    previous.draggingId === next.draggingId &&
    previous.swatch === next.swatch
  );
}
