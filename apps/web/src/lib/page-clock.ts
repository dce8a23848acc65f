/**
 * The instant a page's first render shows. A page the server rendered is adopted by the browser
 * later (hydration: at once for a signed-in visitor, when needed for a guest, docs/decisions/
 * 0029-guest-pages-start-the-app-on-demand.md), possibly in another minute: rendering that
 * first frame at the server's instant makes it match the markup, and the page's own clock moves
 * it to now right after.
 */
let renderingAt: number | undefined;

/** The instant to render a page's first frame at: the server's while hydrating, else now. */
export function firstNow(): number {
  return renderingAt ?? Date.now();
}

/** Sets (or, with undefined, clears) the instant renders are pinned to. */
export function pinRenderTime(instant: number | undefined): void {
  renderingAt = instant;
}
