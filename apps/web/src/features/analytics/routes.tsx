import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const AnalyticsPage = lazyPage(
  () => import('./analytics-page'),
  (module) => module.AnalyticsPage,
);

/** The pages of features/analytics/ (app/routes.tsx merges every area's). */
export const analyticsRoutes: readonly AppRoute[] = [
  { path: '/analytics', title: t.routes.analytics, area: 'analytics', element: <AnalyticsPage /> },
];
