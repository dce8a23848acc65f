import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';
import { WatchPage } from './watch-page';

const t = messages();

const MultiviewPage = lazyPage(
  () => import('./multiview-page'),
  (module) => module.MultiviewPage,
);

/** The pages of features/watch/ (app/routes.tsx merges every area's). */
export const watchRoutes: readonly AppRoute[] = [
  {
    path: '/watch',
    title: t.routes.watch,
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/watch/:channel',
    title: t.routes.watch,
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/multiview',
    title: t.routes.multiview,
    area: 'multiview',
    element: <MultiviewPage />,
  },
  {
    path: '/o/:org/watch',
    title: t.routes.watch,
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/o/:org/watch/:channel',
    title: t.routes.watch,
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/o/:org/multiview',
    title: t.routes.multiview,
    area: 'multiview',
    element: <MultiviewPage />,
  },
];
