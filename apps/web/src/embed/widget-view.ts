import type { GuideResponse } from '@airgrid/schema';

/** One kind of widget drawn into its part of the page. */
export interface WidgetView {
  /** Draws the schedule just read (the guide window the widget asked for). */
  render(guide: GuideResponse, now: number): void;
  /** Follows the clock between reads: progress, the now-line, on-air changes. */
  tick(now: number): void;
  /** Stops timers and players before the widget is drawn again (a preview's new draft). */
  destroy(): void;
}

/** Where a view draws, and what it tells the page around it. */
export interface ViewContext {
  body: HTMLElement;
  /** Sets the widget's heading and the line under it. */
  setHeading(title: string, subtitle: string): void;
  /** The embed's id on a station's site (its player's viewing is measured); "" in the preview. */
  embed: string;
}

/**
 * Rebuilds part of the page and puts focus back where it was: on the element with the same
 * `data-key` in the new content, so a refresh never throws a keyboard user out of the widget.
 */
export function keepingFocus(container: HTMLElement, rebuild: () => void): void {
  const active = document.activeElement;
  const key =
    active instanceof HTMLElement && container.contains(active) ? active.dataset.key : undefined;
  rebuild();
  if (key === undefined) return;
  const again = container.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
  again?.focus({ preventScroll: true });
}
