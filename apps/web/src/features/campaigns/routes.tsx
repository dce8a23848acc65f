import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const CampaignsPage = lazyPage(
  () => import('./campaigns-page'),
  (module) => module.CampaignsPage,
);
const CampaignPage = lazyPage(
  () => import('./campaign-page'),
  (module) => module.CampaignPage,
);

/** The pages of features/campaigns/ (app/routes.tsx merges every area's). */
export const campaignsRoutes: readonly AppRoute[] = [
  { path: '/campaigns', title: t.routes.campaigns, area: 'campaigns', element: <CampaignsPage /> },
  {
    path: '/campaigns/:campaign',
    title: t.routes.campaign,
    area: 'campaigns',
    element: <CampaignPage />,
  },
];
