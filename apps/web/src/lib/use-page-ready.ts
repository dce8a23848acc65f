import { useEffect } from 'react';
import { announcePageReady } from './app-start';

/**
 * Called by each page the server renders (app/server-rendered-paths.ts), before any early
 * return. Its effect runs after its children's: the page has drawn its first frame and its
 * listeners are on, so what the visitor did before the app ran may be replayed.
 */
export function usePageReady(): void {
  useEffect(announcePageReady, []);
}
