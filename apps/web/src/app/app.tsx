import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { TOAST_LIFE_MS } from '../ui/toast';
import toastClasses from '../ui/toast.module.css';
import { colorSchemeManager } from './color-scheme-manager';
import { NewBuildCheck } from './new-build-check';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const router = createAppRouter();

/** Providers around the router: theme and colour scheme, toasts, server-state cache. */
export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
    >
      <Notifications
        position="top-right"
        autoClose={TOAST_LIFE_MS}
        classNames={{ root: toastClasses.root }}
      />
      <NewBuildCheck />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
