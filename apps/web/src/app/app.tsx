import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './app-providers';
import { createAppRouter } from './router';

const router = createAppRouter();

/** The app in the browser: its providers around the router. */
export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
