import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const ApiDocsPage = lazyPage(
  () => import('./api-docs-page'),
  (module) => module.ApiDocsPage,
);
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
