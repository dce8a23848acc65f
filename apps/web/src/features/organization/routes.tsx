import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const OrganizationPage = lazyPage(
  () => import('./organization-page'),
  (module) => module.OrganizationPage,
);

/** The pages of features/organization/ (app/routes.tsx merges every area's). */
export const organizationRoutes: readonly AppRoute[] = [
  {
    path: '/organization',
    title: t.routes.organization,
    area: 'organization',
    element: <OrganizationPage />,
  },
];
