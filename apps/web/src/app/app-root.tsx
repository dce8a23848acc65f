import { Center, Loader } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { type ComponentType, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { messages } from '../i18n/messages';
import { useAuth } from '../lib/use-auth';
import { isRouteHandle, type RouteHandle } from './app-route';
import { useClientCacheSync } from './client-cache-sync';
import { formatDocumentTitle } from './document-title';
import { type LayoutName, layoutForPath } from './layout-for-path';
import { AuthLayout } from './layouts/auth-layout';
import { BareLayout } from './layouts/bare-layout';
import type { LayoutProps } from './layouts/layout-props';
import { OnboardingLayout } from './layouts/onboarding-layout';
import { OperatorLayout } from './layouts/operator-layout';
import { PublicLayout } from './layouts/public-layout';
import { WatchLayout } from './layouts/watch-layout';
import { lazyPage } from './lazy-page';
import { ScrollToTop } from './scroll-to-top';
import { ThemeByPath } from './theme-by-path';
import { useWhoAmIShortcut } from './who-am-i-shortcut';

// The staff workspace's shell and its hash-opened modals load with the first staff page, never
// on a public page (docs/decisions/0020-fast-public-pages.md).
const DefaultLayout = lazyPage(
  () => import('./layouts/default-layout'),
  (module) => module.DefaultLayout,
);
const HashModals = lazyPage(
  () => import('./hash-modals'),
  (module) => module.HashModals,
);

const layouts: Record<LayoutName, ComponentType<LayoutProps>> = {
  bare: BareLayout,
  auth: AuthLayout,
  onboarding: OnboardingLayout,
  watch: WatchLayout,
  public: PublicLayout,
  default: DefaultLayout,
  operator: OperatorLayout,
};

/**
 * The router's root. The layout follows the path rules of `layoutForPath`, not the route
 * nesting, so every page is a flat route and the layout can change with the sign-in state.
 */
export function AppRoot() {
  const { pathname } = useLocation();
  const { isSignedIn } = useAuth();
  const handle = useCurrentRouteHandle();
  useWhoAmIShortcut();
  useClientCacheSync();

  const pathLayout = layoutForPath(pathname, isSignedIn);
  // Unknown paths get the workspace (signed in) or the public layout (signed out), except
  // under /embed/ where chrome never belongs.
  const layout =
    handle?.notFound && pathLayout !== 'bare' ? (isSignedIn ? 'default' : 'public') : pathLayout;
  const Layout = layouts[layout];

  useEffect(() => {
    document.title = formatDocumentTitle(handle?.title);
  }, [handle?.title]);

  return (
    <ModalsProvider>
      <ScrollToTop />
      <ThemeByPath />
      {/* Nothing to show until a lazy layout has loaded; a lazy page waits inside its layout. */}
      <Suspense fallback={null}>
        <Layout>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout>
        {/* The workspace's hash-opened modals; public pages keep their anchors. */}
        {layout === 'default' && <HashModals />}
      </Suspense>
    </ModalsProvider>
  );
}

/** What a page shows while its chunk loads: a spinner, announced to screen readers. */
function PageLoading() {
  const t = messages();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t.shell.loadingThePage} />
    </Center>
  );
}

/** The handle of the deepest matched route that has one. */
function useCurrentRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
