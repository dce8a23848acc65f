/**
 * What a bar shows and where, apart from its span: whether its label fits, and where a cancelled
 * bar goes when a scheduled one airs over it. Pure, so the rules are tested without a browser.
 */
import { BAR_CHROME_PX, labelFit } from './geometry';

/** The label's padding alone (6 px a side): what a bar without resize handles spends around it. */
export const LABEL_PADDING_PX = 12;

/**
 * Whether a bar shows its label, from the part of it inside the window (`visiblePx`): until the
 * track is measured (`trackPx` 0) it does, and CSS clips it with an ellipsis. A bar without
 * handles (too narrow for them, read-only, locked or cancelled) has only its padding around
 * the text, so a few more labels fit in a week than if every bar paid for handles.
 */
export function showsLabel(visiblePx: number, trackPx: number, handles: boolean): boolean {
  if (trackPx === 0) return true;
  return labelFit(visiblePx, handles ? BAR_CHROME_PX : LABEL_PADDING_PX) === 'text';
}

/**
 * The cancelled bars of a row that share time with a bar still airing there (the replacement
 * booked in its place, say): they are drawn as a strip along the track's foot so the airing
 * over them stays readable. Bars that only touch (one ends as the other starts) do not share.
 */
export function cancelledUnderneath(
  bars: readonly { id: string; start: number; durationSec: number; cancelled?: boolean }[],
): Set<string> {
  const live = bars.filter((bar) => !bar.cancelled);
  const under = new Set<string>();
  for (const bar of bars) {
    if (!bar.cancelled) continue;
    const end = bar.start + bar.durationSec * 1000;
    if (
      live.some((other) => other.start < end && other.start + other.durationSec * 1000 > bar.start)
    ) {
      under.add(bar.id);
    }
  }
  return under;
}
