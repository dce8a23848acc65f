import type { DehydratedState } from '@tanstack/react-query';

// What a page the server rendered carries for the browser. Apart from server-rendered-paths.ts
// (which reads @airgrid/schema's paths): the boot script (main.tsx) imports this, and must stay
// a few kilobytes.

/** The id of the `<script type="application/json">` that carries a rendered page's data. */
export const SERVER_STATE_ID = 'airgrid-state';

/**
 * What that script holds: the instant the page was rendered at (the browser's hydrating render
 * uses it: lib/page-clock.ts), the query cache the render read, dehydrated, and whether that
 * was all the page asked for.
 */
export interface ServerState {
  renderedAt: number;
  cache: DehydratedState;
  /** False when a read the page asked for is not in `cache`: only the app can finish the page. */
  complete: boolean;
}
