import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const ShowPage = lazyPage(
  () => import('./show-page'),
  (module) => module.ShowPage,
);
const ShowsPage = lazyPage(
  () => import('./shows-page'),
  (module) => module.ShowsPage,
);

/** The pages of features/shows/ (app/routes.tsx merges every area's). */
export const showsRoutes: readonly AppRoute[] = [
  {
    path: '/shows',
    title: t.routes.shows,
    area: 'shows',
    element: <ShowsPage />,
  },
  {
    path: '/shows/:show',
    title: t.routes.show,
    area: 'shows',
    element: <ShowPage />,
  },
];
