import { Navigate } from 'react-router';
import type { AppRoute } from '../../app/app-route';
import { messages } from '../../i18n/messages';
import { TvGuidePage } from './tvguide-page';

const t = messages();

/** The pages of features/tvguide/ (app/routes.tsx merges every area's). */
export const tvguideRoutes: readonly AppRoute[] = [
  {
    path: '/tvguide',
    title: t.routes.tvGuide,
    area: 'tvguide',
    element: <TvGuidePage />,
  },
  // A station's public, shareable URLs (docs/decisions/0017-public-station-urls.md).
  {
    path: '/o/:org',
    title: t.routes.tvGuide,
    area: 'tvguide',
    element: <Navigate to="tvguide" replace />,
  },
  {
    path: '/o/:org/tvguide',
    title: t.routes.tvGuide,
    area: 'tvguide',
    element: <TvGuidePage />,
  },
];
