// What the boot script (main.tsx) and the app tell each other about starting the app on a page
// the server rendered (docs/decisions/0029-guest-pages-start-the-app-on-demand.md). No React
// here: the boot script imports this, and must not pull React into the first kilobytes.

import { pinRenderTime } from './page-clock';

/** The event a page sends once the app has mounted it and listens on it (`usePageReady`). */
export const PAGE_READY_EVENT = 'airgrid:page-ready';
/** A page that never says so (one the server does not render) is taken as ready this late. */
export const PAGE_READY_FALLBACK_MS = 3_000;

/** Says the page is ready: renders stop being pinned to the server's instant, held input replays. */
export function announcePageReady(): void {
  pinRenderTime(undefined);
  document.dispatchEvent(new Event(PAGE_READY_EVENT));
}

/**
 * Marks server markup that only the app can finish (the desktop guide's grid measures its box
 * before it draws programmes): a guest's page with it starts the app after the first paint
 * rather than when needed.
 */
export const NEEDS_APP = { 'data-needs-app': '' } as const;
export const NEEDS_APP_SELECTOR = '[data-needs-app]';

/**
 * Marks a programme's audio-descriptions switch: a guest who turned descriptions on, on this
 * device, needs the app at once to hear them, without a click to wake the page.
 */
export const DESCRIBED = { 'data-described': '' } as const;
export const DESCRIBED_SELECTOR = '[data-described]';
