import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const TimeslotsPage = lazyPage(
  () => import('./timeslots-page'),
  (module) => module.TimeslotsPage,
);

/** The pages of features/timeslots/ (app/routes.tsx merges every area's). */
export const timeslotsRoutes: readonly AppRoute[] = [
  {
    path: '/timeslots',
    title: t.routes.timeslots,
    area: 'timeslots',
    element: <TimeslotsPage />,
  },
];
