import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const PodcastPage = lazyPage(
  () => import('./podcast-page'),
  (module) => module.PodcastPage,
);
const PodcastsPage = lazyPage(
  () => import('./podcasts-page'),
  (module) => module.PodcastsPage,
);
const PublicPodcastPage = lazyPage(
  () => import('./public-podcast-page'),
  (module) => module.PublicPodcastPage,
);

/** The pages of features/podcasts/ (app/routes.tsx merges every area's). */
export const podcastsRoutes: readonly AppRoute[] = [
  {
    path: '/o/:org/podcasts/:podcast',
    title: t.routes.podcast,
    area: 'listen',
    element: <PublicPodcastPage />,
  },
  {
    path: '/podcasts',
    title: t.routes.podcasts,
    area: 'podcasts',
    element: <PodcastsPage />,
  },
  {
    path: '/podcasts/:podcast',
    title: t.routes.podcast,
    area: 'podcasts',
    element: <PodcastPage />,
  },
];
