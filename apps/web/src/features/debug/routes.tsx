import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const PlaygroundPage = lazyPage(
  () => import('./playground-page'),
  (module) => module.PlaygroundPage,
);
const StaticPage = lazyPage(
  () => import('./static-page'),
  (module) => module.StaticPage,
);
const BasicChartView = lazyPage(
  () => import('./basic-chart-view'),
  (module) => module.BasicChartView,
);

/** The pages of features/debug/ (app/routes.tsx merges every area's). */
export const debugRoutes: readonly AppRoute[] = [
  {
    path: '/debug/playground',
    title: t.routes.componentPlayground,
    area: 'debug',
    element: <PlaygroundPage />,
  },
  {
    path: '/debug/static',
    title: t.routes.staticAssets,
    area: 'debug',
    element: <StaticPage />,
  },
  {
    path: '/views/BasicChartView',
    title: t.routes.timelineChart,
    area: 'debug',
    element: <BasicChartView />,
  },
];
