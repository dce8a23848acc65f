import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TOAST_LIFE_MS } from '../ui/toast';
import toastClasses from '../ui/toast.module.css';
import { colorSchemeManager } from './color-scheme-manager';
import { NewBuildCheck } from './new-build-check';
import { cssVariablesResolver, LAYERS, theme } from './theme';

/**
 * Providers around the router: theme and colour scheme, toasts, server-state cache. The browser
 * (app.tsx) and server rendering (entry-server.tsx) share them, so a page's markup is the same.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
    >
      <Notifications
        position="top-right"
        zIndex={LAYERS.toast}
        autoClose={TOAST_LIFE_MS}
        classNames={{ root: toastClasses.root }}
      />
      <NewBuildCheck />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
