import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { placeholder } from '../../app/placeholder';
import { messages } from '../../i18n/messages';

const t = messages();

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
    element: placeholder(t.routes.componentPlayground, t.routes.aGalleryOfTheApp),
  },
  {
    path: '/debug/static',
    title: t.routes.staticAssets,
    area: 'debug',
    element: placeholder(t.routes.staticAssets, t.routes.aCheckThatTheStatic),
  },
  {
    path: '/views/BasicChartView',
    title: t.routes.timelineChart,
    area: 'debug',
    element: <BasicChartView />,
  },
];
