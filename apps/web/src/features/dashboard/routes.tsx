import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const DashboardPage = lazyPage(
  () => import('./dashboard-page'),
  (module) => module.DashboardPage,
);

/** The pages of features/dashboard/ (app/routes.tsx merges every area's). */
export const dashboardRoutes: readonly AppRoute[] = [
  {
    path: '/dashboard',
    title: t.routes.dashboard,
    area: 'dashboard',
    element: <DashboardPage />,
  },
];
