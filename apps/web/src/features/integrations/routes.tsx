import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const IntegrationsPage = lazyPage(
  () => import('./integrations-page'),
  (module) => module.IntegrationsPage,
);

/** The pages of features/integrations/ (app/routes.tsx merges every area's). */
export const integrationsRoutes: readonly AppRoute[] = [
  {
    path: '/integrations',
    title: t.routes.integrations,
    area: 'integrations',
    element: <IntegrationsPage />,
  },
];
