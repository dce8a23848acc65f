import { matchesAppPath, SERVER_RENDERED_PATHS } from '@airgrid/schema';
import type { DehydratedState } from '@tanstack/react-query';

/**
 * True for a path whose page the server renders for signed-out visitors (SERVER_RENDERED_PATHS,
 * shared with the server's routes). Every other page renders in the browser only.
 */
export function isServerRenderedPath(pathname: string): boolean {
  return SERVER_RENDERED_PATHS.some((pattern) => matchesAppPath(pattern, pathname));
}

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
