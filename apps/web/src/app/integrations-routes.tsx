import { messages } from '../i18n/messages';
import type { AppRoute } from './app-route';
import { lazyPage } from './lazy-page';

const t = messages();

const IntegrationsPage = lazyPage(
  () => import('./integrations-page'),
  (module) => module.IntegrationsPage,
);

/**
 * /integrations gathers the cards of several areas (Cablecast, API keys, webhooks, feeds): a page
 * that composes areas lives in app/, the one layer that may import them all.
 */
export const integrationsRoutes: readonly AppRoute[] = [
  {
    path: '/integrations',
    title: t.routes.integrations,
    area: 'integrations',
    element: <IntegrationsPage />,
  },
];
