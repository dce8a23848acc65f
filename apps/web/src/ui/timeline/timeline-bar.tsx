import type { Clock } from '@airgrid/domain';
import { type CSSProperties, memo } from 'react';
import { messages } from '../../i18n/messages';
import { showsLabel } from './bar-layout';
import { formatBarSpan, HANDLE_PX, spanToPercent } from './geometry';
import classes from './timeline.module.css';
import { useTimelineConfig } from './timeline-context';
import type { TimelineBar } from './types';

/**
 * What a screen reader hears for a bar: the show, its times, whether it can move, and its state
 * in the owner's words ("Cancelled"), since a hatch and a strike-through are not heard.
 */
function barAriaLabel(bar: TimelineBar, timeZone: string, clock: Clock): string {
  const span = formatBarSpan(bar.start, bar.durationSec, timeZone, clock);
  const t = messages();
  const said = bar.locked ? t.ui.barLocked(bar.label, span) : t.ui.bar(bar.label, span);
  return bar.status ? `${said}, ${bar.status}` : said;
}

interface TimelineBarViewProps {
  bar: TimelineBar;
  /** Where the bar starts from the end of the one before it in the track (`flowMargins`). */
  marginLeft: string;
  /** The bar is being dragged: its ghost shows where it goes, it stays faded in place. */
  dragging: boolean;
  /** A cancelled bar under one still airing: drawn as a strip along the track's foot. */
  underneath?: boolean;
}

/**
 * One bar, flowing in its track after the previous one. Memoised on the bar object and its
 * place: a drag or a change elsewhere on the chart does not re-render it.
 */
export const TimelineBarView = memo(function TimelineBarView({
  bar,
  marginLeft,
  dragging,
  underneath = false,
}: TimelineBarViewProps) {
  const { from, to, timeZone, clock, trackPx, colorOf, actions, readOnly } = useTimelineConfig();
  const { left, width } = spanToPercent(bar.start, bar.durationSec, from, to);
  // The part of the bar inside the window is what can hold a label; until the track is
  // measured the label shows (CSS still clips it with an ellipsis).
  const visiblePx = ((Math.min(left + width, 100) - Math.max(left, 0)) / 100) * trackPx;
  // A bar narrower than its two handles and a grip between them has none: its edges are too
  // close to grab apart (it still moves whole, and Shift+arrows resize it), and a week of
  // thin bars draws half the elements.
  const handles =
    !bar.locked && !bar.cancelled && !readOnly && (trackPx === 0 || visiblePx >= 3 * HANDLE_PX);
  const showLabel = !underneath && showsLabel(visiblePx, trackPx, handles);
  const color = colorOf(bar);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a bar holds handles and is dragged; a <button> cannot hold them.
    <div
      role="button"
      tabIndex={0}
      className={classes.bar}
      data-bar-id={bar.id}
      data-start={bar.start}
      data-duration={bar.durationSec}
      data-locked={bar.locked ? 'true' : undefined}
      data-cancelled={bar.cancelled ? 'true' : undefined}
      data-underneath={underneath ? 'true' : undefined}
      data-dragging={dragging ? 'true' : undefined}
      aria-label={barAriaLabel(bar, timeZone, clock)}
      data-label={showLabel ? undefined : 'hidden'}
      aria-roledescription="timeslot"
      // A cancelled bar is hatched in its colour on the page's background (the CSS reads
      // --bar-color), so its struck-through label keeps the page's text contrast.
      style={
        bar.cancelled
          ? ({ marginLeft, width: `${width}%`, '--bar-color': color } as CSSProperties)
          : { marginLeft, width: `${width}%`, backgroundColor: color }
      }
      onPointerDown={(event) => actions.pointerDown(event, bar, 'move')}
      onPointerEnter={() => actions.hoverStart(bar)}
      onPointerLeave={() => actions.hoverEnd()}
      onKeyDown={(event) => actions.keyDown(event, bar)}
      onClick={readOnly ? () => actions.click(bar) : undefined}
    >
      {handles && (
        <span
          className={classes.handle}
          data-edge="start"
          onPointerDown={(event) => {
            event.stopPropagation();
            actions.pointerDown(event, bar, 'start');
          }}
        />
      )}
      {showLabel && <span className={classes.barLabel}>{bar.label}</span>}
      {handles && (
        <span
          className={classes.handle}
          data-edge="end"
          onPointerDown={(event) => {
            event.stopPropagation();
            actions.pointerDown(event, bar, 'end');
          }}
        />
      )}
    </div>
  );
});
