import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pinRenderTime } from '../lib/page-clock';
import { pb } from '../lib/pocketbase';
import { queryClient } from '../lib/query-client';
import { App } from './app';
import type { ServerState } from './server-state';

/**
 * Mounts the app on index.html's #root (main.tsx says when). A page the server rendered
 * (entry-server.tsx) brings its markup and the data it was rendered from: the app starts from
 * that data and takes over the markup where it stands (hydration), rendering its first frame at
 * the server's instant so the two match; nothing is drawn twice. The server renders the
 * signed-out view: a signed-in browser draws its own over it. As a transition, React works in
 * slices of a few milliseconds and the browser paints and takes input between them
 * (docs/decisions/0023-server-rendered-public-pages.md).
 */
export function startApp(container: HTMLElement, state: ServerState | null): void {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (state) hydrate(queryClient, state.cache);
  startTransition(() => {
    if (state && !pb.authStore.isValid) {
      pinRenderTime(state.renderedAt);
      hydrateRoot(container, app);
    } else {
      createRoot(container).render(app);
    }
  });
}
