import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const EmbedsPage = lazyPage(
  () => import('./embeds-page'),
  (module) => module.EmbedsPage,
);

/** The pages of features/embeds/ (app/routes.tsx merges every area's). */
export const embedsRoutes: readonly AppRoute[] = [
  {
    path: '/embeds',
    title: t.routes.embeds,
    area: 'embeds',
    element: <EmbedsPage />,
  },
];
