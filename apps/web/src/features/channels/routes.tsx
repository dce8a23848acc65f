import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const ChannelPage = lazyPage(
  () => import('./channel-page'),
  (module) => module.ChannelPage,
);
const ChannelsPage = lazyPage(
  () => import('./channels-page'),
  (module) => module.ChannelsPage,
);

/** The pages of features/channels/ (app/routes.tsx merges every area's). */
export const channelsRoutes: readonly AppRoute[] = [
  {
    path: '/channels',
    title: t.routes.channels,
    area: 'channels',
    element: <ChannelsPage />,
  },
  {
    path: '/channels/:channel',
    title: t.routes.channel,
    area: 'channels',
    element: <ChannelPage />,
  },
];
