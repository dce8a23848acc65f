// The watch page's row of channel chips, which scrolls sideways when the line-up is wider than
// the screen (a phone's always is). Plain DOM, no React: the boot script (main.tsx) calls it on
// a guest's server-rendered page, where the app may not run until the guest taps, and the
// switcher calls it on each channel change.

/** Marks the strip (spread on its list); its chips are list items, the current holds aria-current. */
export const CHANNEL_STRIP = { 'data-channel-strip': '' } as const;
const CHANNEL_STRIP_SELECTOR = '[data-channel-strip]';

/**
 * Scrolls the strip so the current channel's chip is in its middle, as far as the strip's ends
 * allow. Its neighbours show on both sides, so the strip reads as one to swipe and the chips
 * before it stay in reach: aligned to the left edge, the chip of channel 2 pushed channel 1
 * wholly out of view, and on a server-rendered page (no script had scrolled it) channel 4's
 * chip was off the right edge.
 */
export function revealCurrentChannel(strip: HTMLElement): void {
  const current = strip.querySelector('[aria-current="page"]')?.closest('li');
  if (!current) return;
  const stripBox = strip.getBoundingClientRect();
  const chipBox = current.getBoundingClientRect();
  const chipStart = chipBox.left - stripBox.left - strip.clientLeft + strip.scrollLeft;
  const centred = chipStart + chipBox.width / 2 - strip.clientWidth / 2;
  const end = strip.scrollWidth - strip.clientWidth;
  strip.scrollLeft = Math.round(Math.max(0, Math.min(end, centred)));
}

/** Every channel strip in the markup, its current chip in view. */
export function revealCurrentChannels(root: ParentNode = document): void {
  for (const strip of root.querySelectorAll<HTMLElement>(CHANNEL_STRIP_SELECTOR)) {
    revealCurrentChannel(strip);
  }
}
