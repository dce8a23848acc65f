/**
 * Where a bar's tooltip goes so it stays inside the chart's box. The chart scrolls sideways and
 * clips what overflows it, so a tooltip anchored on a bar near an edge (the last row, a bar at
 * the end of the day, a narrow phone) was cut off; it is now placed in the box, in pixels.
 */

/** A rectangle in one coordinate space (the viewport's, as `getBoundingClientRect` gives). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The gap between a bar and its tooltip, and between the tooltip and the box's edge. */
export const TOOLTIP_GAP_PX = 4;

/**
 * The top-left corner of a tooltip `size` big for a bar at `anchor`, inside `box`. Below the bar
 * when it fits, else above it, else on the side with more room, clamped; aligned with the bar's
 * left edge (or the box's, when the bar starts off screen), pushed left to stay in. A tooltip
 * bigger than the box keeps its top-left corner in.
 */
export function placeTooltip(
  anchor: Box,
  size: { width: number; height: number },
  box: Box,
  gap: number = TOOLTIP_GAP_PX,
): { left: number; top: number } {
  const minLeft = box.left + gap;
  const maxLeft = box.right - gap - size.width;
  const left = Math.max(minLeft, Math.min(Math.max(anchor.left, minLeft), maxLeft));

  const below = anchor.bottom + gap;
  const above = anchor.top - gap - size.height;
  const minTop = box.top + gap;
  const maxTop = box.bottom - gap - size.height;
  let top: number;
  if (below <= maxTop) top = below;
  else if (above >= minTop) top = above;
  else {
    const roomBelow = box.bottom - anchor.bottom;
    const roomAbove = anchor.top - box.top;
    top = roomBelow >= roomAbove ? below : above;
    top = Math.max(minTop, Math.min(top, maxTop));
  }
  return { left, top: Math.max(minTop, top) };
}
