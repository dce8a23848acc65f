import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { SERVER_STATE_ID } from './app/server-rendered-paths';
import { pb } from './lib/pocketbase';
import { queryClient } from './lib/query-client';

try {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A page the server rendered (entry-server.tsx) brings its markup and the data it was
  // rendered from: the app starts from that data and takes over the markup where it stands
  // (hydration), so nothing is drawn twice and a tap before the scripts ran is replayed. The
  // server renders the signed-out view: a signed-in browser draws its own over it.
  // As a transition, React works in slices of a few milliseconds and the browser paints and
  // takes input between them (docs/decisions/0023-server-rendered-public-pages.md).
  const state = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (state) hydrate(queryClient, JSON.parse(state));
  startTransition(() => {
    if (state && !pb.authStore.isValid) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
} catch (error) {
  console.error('Error while mounting app', error);
}
