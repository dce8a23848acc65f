/**
 * Bars flow side by side in their track (a flex row) instead of being absolutely positioned:
 * Blink gives every positioned box a paint layer of its own, and hit testing, pre-paint and
 * layerization walk those layers on every frame. A screenful of a week's rows holds over 5,000
 * bars, and Chrome hit-tests under the pointer after each scroll step, so absolutely positioned
 * bars cost several milliseconds a frame before anything moved
 * (docs/decisions/0022-timeline-row-virtualisation.md).
 *
 * In a flow, a bar's place is its margin from where the previous bar ended. The margin is the
 * distance between the two starts less the width the previous bar was drawn at, which CSS's
 * minimum bar width may have widened; negative margins let bars overlap as before. Margins are
 * plain percentages: a `calc()` in each bar's inline style cost more to parse, when a row of a
 * week mounts its 170 bars, than the layers it saved.
 */

/** The narrowest a bar is drawn (the CSS `min-width` of `.bar`), so a short one stays visible. */
export const MIN_BAR_PX = 4;

/** A bar's span in percent of the track, as `spanToPercent` gives it. */
export interface PercentSpan {
  left: number;
  width: number;
}

/**
 * The CSS `margin-left` of each bar, in the order they are drawn, that puts each at its own
 * `left` when they flow one after the other from the left edge of a track `trackPx` wide (0
 * until measured: then no bar is known to be widened). `minPx` is the CSS `min-width` of what
 * flows (a row's marks are narrower than its bars).
 */
export function flowMargins(
  spans: readonly PercentSpan[],
  trackPx: number,
  minPx: number = MIN_BAR_PX,
): string[] {
  const minWidth = trackPx > 0 ? (minPx / trackPx) * 100 : 0;
  return spans.map((span, index) => {
    const previous = spans[index - 1];
    const end = previous ? previous.left + Math.max(previous.width, minWidth) : 0;
    return `${span.left - end}%`;
  });
}
