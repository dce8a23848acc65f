import type { DehydratedState } from '@tanstack/react-query';
import { normalizePathname } from './route-paths';

/**
 * The pages the server renders (entry-server.tsx): the ones viewers land on from a link or a
 * search, where the first paint counts most. Every other page renders in the browser only.
 */
const SERVER_RENDERED: readonly RegExp[] = [
  /^\/$/,
  /^\/tvguide$/,
  /^\/watch(\/[^/]+)?$/,
  /^\/o\/[^/]+\/tvguide$/,
  /^\/o\/[^/]+\/watch(\/[^/]+)?$/,
];

/** True for a path whose page the server renders for signed-out visitors. */
export function isServerRenderedPath(pathname: string): boolean {
  const path = normalizePathname(pathname);
  return SERVER_RENDERED.some((pattern) => pattern.test(path));
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
