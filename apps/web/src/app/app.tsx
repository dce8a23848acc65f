import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { announcePageReady, PAGE_READY_FALLBACK_MS } from '../lib/app-start';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './app-providers';
import { createAppRouter } from './router';

const router = createAppRouter();

/** The app in the browser: its providers around the router. */
export function App() {
  // Pages the server renders say when they are ready (`usePageReady`); any other page the
  // browser was sent to by one of them (a signed-in visitor's redirect) is taken as ready soon.
  useEffect(() => {
    const timer = window.setTimeout(announcePageReady, PAGE_READY_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
