import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const AdsPage = lazyPage(
  () => import('./ads-page'),
  (module) => module.AdsPage,
);

/** The pages of features/ads/ (app/routes.tsx merges every area's). */
export const adsRoutes: readonly AppRoute[] = [
  { path: '/ads', title: t.routes.ads, area: 'ads', element: <AdsPage /> },
];
