import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { RouteErrorBoundary } from './route-error-boundary';
import { appRoutes, toRouteObjects } from './routes';

/** The browser router: the app root picks the layout; pages render inside it. */
export function createAppRouter() {
  return createBrowserRouter(appRouteTree());
}

/** The app's routes, for the browser router and for server rendering (entry-server.tsx). */
export function appRouteTree(): RouteObject[] {
  return [
    {
      element: <AppRoot />,
      // Only reached if the root itself fails; page errors are caught one level down.
      errorElement: <RouteErrorBoundary />,
      children: [
        {
          // A page that throws shows the 500 page inside its layout.
          errorElement: <RouteErrorBoundary />,
          children: toRouteObjects(appRoutes),
        },
      ],
    },
  ];
}
