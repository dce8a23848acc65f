import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';
// The list is rendered by the server (SERVER_RENDERED_PATHS), so it is part of the app's chunk:
// a lazy page would render as its fallback there.
import { ApiDocsPage } from './api-docs-page';

const t = messages();

const ApiEndpointPage = lazyPage(
  () => import('./api-endpoint-page'),
  (module) => module.ApiEndpointPage,
);

/** The pages of features/api-docs/ (app/routes.tsx merges every area's): public, like the API. */
export const apiDocsRoutes: readonly AppRoute[] = [
  { path: '/api-docs', title: t.routes.apiDocs, area: 'api-docs', element: <ApiDocsPage /> },
  {
    path: '/api-docs/:endpoint',
    title: t.routes.apiEndpoint,
    area: 'api-docs',
    element: <ApiEndpointPage />,
  },
];
