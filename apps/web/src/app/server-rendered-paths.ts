import { matchesAppPath, SERVER_RENDERED_PATHS } from '@airgrid/schema';

/**
 * True for a path whose page the server renders for signed-out visitors (SERVER_RENDERED_PATHS,
 * shared with the server's routes). Every other page renders in the browser only.
 */
export function isServerRenderedPath(pathname: string): boolean {
  return SERVER_RENDERED_PATHS.some((pattern) => matchesAppPath(pattern, pathname));
}
